// Customer links in mails read /#/customer_..._detail/{hash} (and /#/customer_communicator/{hash}) on
// the staff entry. Before any staff code loads, send them to the customer pages entry (customer.html),
// which has no staff code. A classic script from 'self' (the CSP allows no inline script).
(() => {
  var CUSTOMER = /^#\/customer_(flow|communicator|quotation|confirmation|invoice|document)(_detail)?\//;
  var leaving = false;
  function toCustomerPages(hash) {
    if (leaving || !CUSTOMER.test(hash)) return;
    leaving = true;
    var dir = window.location.pathname.replace(/[^/]*$/, '');
    window.location.replace(`${dir}customer.html${hash}`);
  }
  toCustomerPages(window.location.hash);
  // A jump to a customer link inside the running staff app: popstate comes first, before the staff
  // router (registered later) turns the unknown path into /404; hashchange carries the new URL too.
  window.addEventListener('popstate', () => {
    toCustomerPages(window.location.hash);
  });
  window.addEventListener('hashchange', (event) => {
    var url = event?.newURL || window.location.href;
    var at = url.indexOf('#');
    toCustomerPages(at < 0 ? '' : url.slice(at));
  });
})();
