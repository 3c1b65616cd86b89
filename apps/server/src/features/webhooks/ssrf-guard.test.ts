import { describe, expect, it } from 'vitest';
import { literalHostRefusal, ssrfVerdict, vetHost } from './ssrf-guard';

const refused = [
  // loopback
  '127.0.0.1',
  '127.255.255.254',
  '::1',
  '0:0:0:0:0:0:0:1',
  // private
  '10.0.0.1',
  '10.255.255.255',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  'fc00::1',
  'fd12:3456:789a::1',
  // link-local and cloud metadata
  '169.254.169.254',
  '169.254.0.1',
  'fe80::1',
  'fe80::1%eth0',
  'febf::1',
  // unspecified, "this network", CGNAT, multicast, broadcast, reserved, documentation
  '0.0.0.0',
  '0.1.2.3',
  '::',
  '100.64.0.1',
  '100.127.255.255',
  '224.0.0.1',
  '239.255.255.250',
  'ff02::1',
  '255.255.255.255',
  '240.0.0.1',
  '192.0.2.10',
  '198.51.100.7',
  '203.0.113.9',
  '198.18.0.1',
  '2001:db8::1',
  // IPv4-mapped and embedded forms of internal addresses
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '0:0:0:0:0:ffff:7f00:0001',
  '::ffff:10.0.0.1',
  '::ffff:169.254.169.254',
  '::ffff:a9fe:a9fe',
  '::ffff:192.168.0.1',
  '::127.0.0.1',
  '64:ff9b::a9fe:a9fe',
  '[::1]',
  // not an address at all
  'localhost',
  '',
];

const allowed = [
  '93.184.215.14',
  '8.8.8.8',
  '1.1.1.1',
  '172.15.255.255',
  '172.32.0.1',
  '100.63.255.255',
  '100.128.0.1',
  '169.253.255.255',
  '2606:4700:4700::1111',
  '2a00:1450:4001:80b::200e',
  '::ffff:8.8.8.8',
];

describe('ssrfVerdict', () => {
  it.each(refused)('refuses %s', (address) => {
    const verdict = ssrfVerdict([address]);
    expect(verdict.allowed).toBe(false);
    if (!verdict.allowed) expect(verdict.reason).toMatch(/adres/i);
  });

  it.each(allowed)('allows the public address %s', (address) => {
    expect(ssrfVerdict([address])).toEqual({ allowed: true });
  });

  it('refuses a host when any one of its addresses is internal, and a host without addresses', () => {
    expect(ssrfVerdict(['93.184.215.14', '10.0.0.1']).allowed).toBe(false);
    expect(ssrfVerdict(['2606:4700:4700::1111', '::1']).allowed).toBe(false);
    expect(ssrfVerdict([]).allowed).toBe(false);
    expect(ssrfVerdict(['93.184.215.14', '8.8.8.8'])).toEqual({ allowed: true });
  });

  it('the test-only allowance opens 127.0.0.0/8 and nothing else', () => {
    const opts = { allowLoopback: true };
    expect(ssrfVerdict(['127.0.0.1'], opts)).toEqual({ allowed: true });
    expect(ssrfVerdict(['127.8.9.10'], opts)).toEqual({ allowed: true });
    expect(ssrfVerdict(['::ffff:127.0.0.1'], opts)).toEqual({ allowed: true });
    for (const address of ['::1', '10.0.0.1', '169.254.169.254', '192.168.0.1', 'fe80::1', '0.0.0.0'])
      expect(ssrfVerdict([address], opts).allowed).toBe(false);
  });

  it('names the kind of address in Dutch', () => {
    expect(ssrfVerdict(['169.254.169.254'])).toEqual({
      allowed: false,
      reason: 'Het adres 169.254.169.254 wordt niet aangeroepen (link-local of metadata).',
    });
  });
});

describe('vetHost', () => {
  it('checks every resolved address (a rebinding answer that mixes in an internal one is refused)', async () => {
    const resolve = async () => [
      { address: '93.184.215.14', family: 4 as const },
      { address: '127.0.0.1', family: 4 as const },
    ];
    expect(await vetHost('rebind.example', { resolve })).toMatchObject({ ok: false });
    const publicOnly = async () => [{ address: '93.184.215.14', family: 4 as const }];
    expect(await vetHost('example.com', { resolve: publicOnly })).toEqual({
      ok: true,
      target: { address: '93.184.215.14', family: 4 },
    });
  });

  it('does not look up an address literal, and refuses an internal one', async () => {
    const resolve = async () => {
      throw new Error('no lookup expected');
    };
    expect(await vetHost('10.0.0.1', { resolve })).toMatchObject({ ok: false });
    expect(await vetHost('[fe80::1]', { resolve })).toMatchObject({ ok: false });
    expect(await vetHost('8.8.8.8', { resolve })).toEqual({
      ok: true,
      target: { address: '8.8.8.8', family: 4 },
    });
  });

  it('reports a host name that cannot be found', async () => {
    const resolve = async () => {
      throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
    };
    expect(await vetHost('nergens.invalid', { resolve })).toEqual({
      ok: false,
      reason: 'De hostnaam nergens.invalid kon niet worden gevonden (ENOTFOUND).',
    });
  });
});

describe('literalHostRefusal (at save)', () => {
  it('refuses an internal address or localhost written out, and leaves host names to delivery', () => {
    expect(literalHostRefusal('http://169.254.169.254/latest')).toMatch(/niet aangeroepen/);
    expect(literalHostRefusal('http://[fd00::1]/')).toMatch(/niet aangeroepen/);
    expect(literalHostRefusal('http://localhost:8080/')).toMatch(/loopback/);
    expect(literalHostRefusal('http://localhost:8080/', { allowLoopback: true })).toBeNull();
    expect(literalHostRefusal('https://crm.example.com/hook')).toBeNull();
    expect(literalHostRefusal('https://93.184.216.34/hook')).toBeNull();
  });
});
