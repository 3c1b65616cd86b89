import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// Local imitations of Quickr (solar design) and Glbl (reports) in the shapes decision 071 assumes
// (apps/server/src/features/integrations/quickr.ts and glbl.ts). No test reaches the real services.

export interface FakeSolar {
  baseUrl: string;
  env: Record<string, string>;
  quickrUser: { username: string; password: string };
  glblKey: string;
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: string }[];
  /** Designs made, by id. */
  designs: Map<string, Record<string, unknown>>;
  reports: Map<string, { id: string; status: 'processing' | 'ready' | 'failed'; message?: string }>;
  /** Sessions stop working (the next call answers 401 and a new login is needed). */
  expireSessions(): void;
  /** Glbl finishes every report. */
  finishReports(): void;
  /** The next `n` Glbl report orders are taken but answer 503 (the answer lost). */
  failNextReports(n: number): void;
  close(): Promise<void>;
}

export const FAKE_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

export async function startFakeSolar(): Promise<FakeSolar> {
  const quickrUser = { username: 'installateur@voorbeeld.nl', password: 'zon-op-het-dak' };
  const glblKey = randomBytes(24).toString('hex');
  const sessions = new Set<string>();
  const requests: FakeSolar['requests'] = [];
  const designs = new Map<string, Record<string, unknown>>();
  const designByKey = new Map<string, string>();
  const reports: FakeSolar['reports'] = new Map();
  const reportByKey = new Map<string, string>();
  let seq = 0;
  let failingReports = 0;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = url.pathname;
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body: raw });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const body = (() => {
        try {
          return raw ? JSON.parse(raw) : {};
        } catch {
          return {};
        }
      })();
      const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const key = String(req.headers['idempotency-key'] ?? '');

      // Quickr
      if (path.startsWith('/quickr/')) {
        const p = path.slice('/quickr'.length);
        if (req.method === 'POST' && p === '/v1/auth/login') {
          if (body.username !== quickrUser.username || body.password !== quickrUser.password)
            return send(401, { error: 'login_failure', message: 'Invalid username or password' });
          const token = randomBytes(16).toString('hex');
          sessions.add(token);
          return send(200, {
            access_token: token,
            expires_in: 3600,
            account: { name: 'Zonnig Installatie BV' },
          });
        }
        if (!sessions.has(bearer)) return send(401, { error: 'unauthorized', message: 'Session expired' });
        if (req.method === 'POST' && p === '/v1/scans') {
          if (!body.address?.postcode) return send(422, { message: 'Address not found' });
          return send(200, {
            id: `scan-${++seq}`,
            max_panels: 24,
            pdok: { bag_id: '0074010000012345', construction_year: 1978, roof_area_m2: 64.5 },
          });
        }
        if (req.method === 'POST' && p === '/v1/designs') {
          const known = key ? designByKey.get(key) : undefined;
          if (known) return send(200, designs.get(known));
          const id = `design-${++seq}`;
          const design = {
            id,
            nr_of_panels: 16,
            power_wp: 6800,
            power_per_panel_wp: 425,
            efficiency: 92.5,
            expected_output_kwh: 6120,
            pv_system: 'Enphase IQ8',
            key_figures: { payback_years: 6.4, co2_saving_kg: 2700 },
            plan_url: `https://quickr.example/plans/${id}.pdf`,
            direct_url: `https://quickr.example/designs/${id}`,
          };
          designs.set(id, design);
          if (key) designByKey.set(key, id);
          return send(200, design);
        }
        const m = /^\/v1\/designs\/([\w-]+)$/.exec(p);
        if (req.method === 'GET' && m) {
          const d = designs.get(m[1]!);
          return d ? send(200, d) : send(404, { message: 'Design not found' });
        }
        if (req.method === 'POST' && p === '/v1/sessions')
          return send(200, { url: `https://quickr.example/sso/${randomBytes(8).toString('hex')}` });
        return send(404, { message: 'Not found' });
      }

      // Glbl
      if (path.startsWith('/glbl/')) {
        const p = path.slice('/glbl'.length);
        if (bearer !== glblKey) return send(401, { message: 'Invalid API key' });
        if (req.method === 'GET' && p === '/v1/account') return send(200, { name: 'Zonnig Installatie BV' });
        if (req.method === 'POST' && p === '/v1/reports') {
          const known = key ? reportByKey.get(key) : undefined;
          const report = known
            ? reports.get(known)!
            : { id: `report-${++seq}`, status: 'processing' as const };
          reports.set(report.id, report);
          if (key) reportByKey.set(key, report.id);
          if (failingReports > 0) {
            // The report is made, but the answer is lost on the way back.
            failingReports--;
            return send(503, { message: 'Busy' });
          }
          return send(202, report);
        }
        const pdf = /^\/v1\/reports\/([\w-]+)\/pdf$/.exec(p);
        if (req.method === 'GET' && pdf) {
          if (reports.get(pdf[1]!)?.status !== 'ready') return send(404, { message: 'Not ready' });
          res.writeHead(200, { 'content-type': 'application/pdf' });
          return res.end(FAKE_PDF);
        }
        const one = /^\/v1\/reports\/([\w-]+)$/.exec(p);
        if (req.method === 'GET' && one) {
          const r = reports.get(one[1]!);
          return r ? send(200, r) : send(404, { message: 'Report not found' });
        }
      }
      return send(404, { message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    env: { QUICKR_API_URL: `${baseUrl}/quickr`, GLBL_API_URL: `${baseUrl}/glbl` },
    quickrUser,
    glblKey,
    requests,
    designs,
    reports,
    expireSessions: () => sessions.clear(),
    finishReports: () => {
      for (const r of reports.values()) r.status = 'ready';
    },
    failNextReports: (n) => {
      failingReports = n;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
