import { enablePreview } from './api';
import { useCustomerPageScale } from './page-scale';
import { CommunicatorPage } from './pages/communicator-page';
import { DocumentPage } from './pages/document-page';
import { FlowPage } from './pages/flow-page';
import { InvoicePage } from './pages/invoice-page';
import { BreakingError } from './parts/breaking-error';
import { useCustomerLocation } from './router';
import { TX } from './texts';

/** The customer pages entry: one page per hash route of spec 002 section 2, nothing of the staff app. */
export function CustomerApp() {
  useCustomerPageScale();
  const { location, key } = useCustomerLocation();
  if (!location) return <BreakingError message={TX.notFound} />;
  // Before any page loads its data: the calls of a staff preview say so.
  if (location.preview) enablePreview();
  // A new hash path is a new page: its state starts afresh.
  switch (location.route) {
    case 'flow':
      return <FlowPage key={key} location={location} />;
    case 'communicator':
      return <CommunicatorPage key={key} location={location} />;
    case 'invoice':
      return <InvoicePage key={key} location={location} />;
    default:
      return <DocumentPage key={key} kind={location.route} location={location} />;
  }
}
