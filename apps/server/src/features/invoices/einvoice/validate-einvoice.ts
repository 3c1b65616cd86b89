// TEST SUPPORT ONLY: never import this from production code (saxon-js and xslt3 are dev
// dependencies with Saxonica's own licence; see test/fixtures/einvoice/README.md).
//
// Checks an e-invoice offline against the official artefacts: the OASIS UBL 2.1 XML Schema (with
// xmllint-wasm), and the compiled Schematron rules of EN 16931 (CEN), Peppol BIS Billing 3.0 and,
// when present, the Dutch NLCIUS (SI-UBL 2.0), run with SaxonJS. The artefacts are not part of the
// repository; findEInvoiceArtefacts() says where they are looked for. Each stylesheet is compiled
// once to SaxonJS's SEF format and cached on disk, keyed by its content.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export interface EInvoiceValidation {
  /** Violations of the UBL 2.1 XML Schema. */
  xsdErrors: string[];
  /** Failed Schematron assertions flagged fatal (or without flag). */
  ruleErrors: string[];
  /** Failed Schematron assertions flagged warning or information: reported, but allowed. */
  warnings: string[];
  /** What was checked: the artefacts that ran. */
  checked: string[];
}

export interface EInvoiceValidationOptions {
  /** Also run the NLCIUS (SI-UBL 2.0) rules. Default true. */
  nlcius?: boolean;
}

/** The directory layout expected inside an artefact directory. */
const FILES = {
  invoiceXsd: 'ubl-2.1/xsdrt/maindoc/UBL-Invoice-2.1.xsd',
  creditNoteXsd: 'ubl-2.1/xsdrt/maindoc/UBL-CreditNote-2.1.xsd',
  xsdCommon: 'ubl-2.1/xsdrt/common',
  en16931: 'cen-en16931/EN16931-UBL-validation.xslt',
  peppol: 'peppol-bis-3/PEPPOL-EN16931-UBL.xslt',
  nlcius: 'nlcius/si-ubl-2.0.xsl',
} as const;

type RuleSet = 'en16931' | 'peppol' | 'nlcius';
const LABELS: Record<RuleSet, string> = { en16931: 'EN16931', peppol: 'Peppol', nlcius: 'NLCIUS' };

/** The NLCIUS rules only apply to documents that carry the NLCIUS customization identifier. */
const NLCIUS_CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:nen.nl:nlcius:v1.0';
const SVRL_NS = 'http://purl.oclc.org/dsdl/svrl';

const require = createRequire(import.meta.url);
const execFileAsync = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../../../', import.meta.url));

/**
 * Where the artefacts are looked for, in this order: $EINVOICE_ARTEFACTS_DIR; `einvoice-artefacts`
 * in the steering repository's shared/ folder beside this checkout; test/fixtures/einvoice of the
 * server (should they ever be vendored there); ~/.cache/einvoice-artefacts (a local copy).
 */
export function einvoiceArtefactCandidates(): string[] {
  return [
    process.env.EINVOICE_ARTEFACTS_DIR,
    path.join(repoRoot, '..', 'shared', 'einvoice-artefacts'),
    path.join(repoRoot, 'apps', 'server', 'test', 'fixtures', 'einvoice'),
    path.join(os.homedir(), '.cache', 'einvoice-artefacts'),
  ].filter((dir): dir is string => Boolean(dir));
}

/**
 * Whether a missing artefact directory fails the tests instead of skipping them: always in CI
 * (`CI=true`, which .ci/run sets) and with EINVOICE_REQUIRE_ARTEFACTS=1.
 */
export function einvoiceArtefactsRequired(): boolean {
  return process.env.CI === 'true' || process.env.EINVOICE_REQUIRE_ARTEFACTS === '1';
}

/** The first directory that holds all four artefacts (UBL schema, EN 16931, Peppol and NLCIUS rules), or null. */
export function findEInvoiceArtefacts(): string | null {
  const required = [
    FILES.invoiceXsd,
    FILES.creditNoteXsd,
    FILES.xsdCommon,
    FILES.en16931,
    FILES.peppol,
    FILES.nlcius,
  ];
  return (
    einvoiceArtefactCandidates().find((dir) => required.every((file) => existsSync(path.join(dir, file)))) ??
    null
  );
}

function artefactDir(): string {
  const dir = findEInvoiceArtefacts();
  if (!dir) {
    throw new Error(
      `The e-invoice validation artefacts were not found; looked in: ${einvoiceArtefactCandidates().join(', ')}. ` +
        'See apps/server/test/fixtures/einvoice/README.md.',
    );
  }
  return dir;
}

// ---------------------------------------------------------------------------------------------
// Stylesheets: compiled to SEF once (xslt3 in a child process, so several compile in parallel)

interface SaxonApi {
  transform(
    options: { stylesheetInternal: unknown; sourceText: string; destination: 'raw' },
    mode: 'sync',
  ): { principalResult: unknown };
  XPath: {
    evaluate(
      xpath: string,
      context: unknown,
      options: { namespaceContext: Record<string, string>; resultForm: 'array' },
    ): unknown[];
  };
}

let saxon: SaxonApi | null = null;
const saxonJs = (): SaxonApi => {
  saxon ??= require('saxon-js') as SaxonApi;
  return saxon;
};

/** The rule sets compiled to SEF (the UBL schema is checked by xmllint, not compiled). */
const RULE_FILES = [FILES.en16931, FILES.peppol, FILES.nlcius];

const compiled = new Map<string, Promise<unknown>>();

function sefCacheDir(): string {
  return process.env.EINVOICE_SEF_CACHE ?? path.join(os.tmpdir(), 'im-einvoice-sef');
}

/** The compiled form of a stylesheet, from the cache or compiled now. */
function stylesheet(file: string): Promise<unknown> {
  let pending = compiled.get(file);
  if (!pending) {
    pending = compile(file);
    pending.catch(() => compiled.delete(file));
    compiled.set(file, pending);
  }
  return pending;
}

async function compile(file: string): Promise<unknown> {
  return JSON.parse(readFileSync(await compiledFile(file), 'utf8')) as unknown;
}

/** The path of a stylesheet's SEF in the cache, compiled now when it is not there yet. */
async function compiledFile(file: string): Promise<string> {
  const saxonVersion = (require('saxon-js/package.json') as { version: string }).version;
  const hash = createHash('sha256')
    .update(saxonVersion)
    .update(readFileSync(file))
    .digest('hex')
    .slice(0, 16);
  const dir = sefCacheDir();
  const sef = path.join(dir, `${path.basename(file)}-${hash}.sef.json`);
  if (!existsSync(sef)) {
    mkdirSync(dir, { recursive: true });
    const partial = `${sef}.${process.pid}.${Date.now()}.tmp`;
    await execFileAsync(
      process.execPath,
      [require.resolve('xslt3/xslt3.js'), `-xsl:${file}`, `-export:${partial}`, '-nogo', '-relocate:on'],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    renameSync(partial, sef);
  }
  return sef;
}

/**
 * Compiles every stylesheet into the cache on disk, without loading it: the test run's global set-up
 * does it once, before the workers start, so that no two of them compile the same rules at once (each
 * compilation is a minute of CPU) and no test's time goes to it. Nothing to do when the artefacts are
 * missing.
 */
export async function compileEInvoiceRules(): Promise<void> {
  const dir = findEInvoiceArtefacts();
  if (!dir) return;
  await Promise.all(RULE_FILES.map((f) => compiledFile(path.join(dir, f))));
}

/**
 * Compiles (or loads from the cache) every stylesheet at once. Optional: validateEInvoice does it
 * by itself, but a test's beforeAll can start it with a long timeout. The first compilation takes
 * about a minute; after that, loading takes well under a second.
 */
export async function prepareEInvoiceValidation(): Promise<void> {
  const dir = artefactDir();
  const files = RULE_FILES.map((f) => path.join(dir, f));
  await Promise.all(files.map(stylesheet));
}

// ---------------------------------------------------------------------------------------------
// Validation

/**
 * Validates an e-invoice: XML Schema, then the EN 16931 rules; when the document claims Peppol (its
 * CustomizationID; a consumer's plain EN 16931 invoice does not, decision 035) the Peppol BIS 3 rules
 * and the NLCIUS rules (on a copy whose CustomizationID is the NLCIUS one, since that rule set only
 * fires for it).
 */
export async function validateEInvoice(
  xml: string,
  options: EInvoiceValidationOptions = {},
): Promise<EInvoiceValidation> {
  const dir = artefactDir();
  const result: EInvoiceValidation = { xsdErrors: [], ruleErrors: [], warnings: [], checked: [] };

  result.xsdErrors.push(...(await checkSchema(dir, xml)));
  result.checked.push('UBL 2.1 XML Schema');

  const ruleSets: { set: RuleSet; file: string; source: string }[] = [
    { set: 'en16931', file: FILES.en16931, source: xml },
  ];
  // A consumer's plain EN 16931 invoice is neither Peppol nor NLCIUS (which asks the Dutch buyer's
  // KvK or OIN, BR-NL-10): only the business rules of the norm apply to it.
  const peppol = claimsPeppol(xml);
  if (peppol) ruleSets.push({ set: 'peppol', file: FILES.peppol, source: xml });
  if (peppol && options.nlcius !== false) {
    ruleSets.push({ set: 'nlcius', file: FILES.nlcius, source: asNlcius(xml) });
  }
  for (const { set, file, source } of ruleSets) {
    const sef = await stylesheet(path.join(dir, file));
    for (const finding of runSchematron(sef, source)) {
      const message = `[${LABELS[set]}] ${finding.text}${finding.location ? ` (at ${finding.location})` : ''}`;
      if (['warning', 'information', 'info'].includes(finding.flag)) result.warnings.push(message);
      else result.ruleErrors.push(message);
    }
    result.checked.push(`${LABELS[set]} rules (${file})`);
  }
  return result;
}

interface SchemaFile {
  fileName: string;
  contents: string;
}
const schemaCache = new Map<string, { main: SchemaFile; preload: SchemaFile[] }>();

/** The schema texts, read once per process (xmllint-wasm takes them as strings on every call). */
function schemaFiles(dir: string, mainFile: string) {
  const key = path.join(dir, mainFile);
  let found = schemaCache.get(key);
  if (!found) {
    const commonDir = path.join(dir, FILES.xsdCommon);
    found = {
      main: { fileName: `maindoc/${path.basename(mainFile)}`, contents: readFileSync(key, 'utf8') },
      preload: readdirSync(commonDir)
        .filter((f) => f.endsWith('.xsd'))
        .map((f) => ({ fileName: `common/${f}`, contents: readFileSync(path.join(commonDir, f), 'utf8') })),
    };
    schemaCache.set(key, found);
  }
  return found;
}

async function checkSchema(dir: string, xml: string): Promise<string[]> {
  const root = /<(?:[A-Za-z_][\w.-]*:)?(Invoice|CreditNote)[\s>/]/.exec(xml)?.[1];
  if (!root) return ['The root element is neither an Invoice nor a CreditNote.'];
  const { main, preload } = schemaFiles(dir, root === 'Invoice' ? FILES.invoiceXsd : FILES.creditNoteXsd);
  const { validateXML, memoryPages } = await import('xmllint-wasm');
  try {
    const outcome = await validateXML({
      xml: [{ fileName: 'einvoice.xml', contents: xml }],
      schema: [main],
      preload,
      maxMemoryPages: 512 * memoryPages.MiB,
    });
    return outcome.errors.map((e) => (e.loc ? `line ${e.loc.lineNumber}: ${e.message}` : e.rawMessage));
  } catch (error) {
    return [`The XML Schema check failed: ${error instanceof Error ? error.message : String(error)}`];
  }
}

interface Finding {
  flag: string;
  text: string;
  location: string;
}

/** Runs a compiled Schematron stylesheet and reads the failed asserts and reports from its SVRL. */
function runSchematron(sef: unknown, xml: string): Finding[] {
  const saxonApi = saxonJs();
  let svrl: unknown;
  try {
    svrl = saxonApi.transform(
      { stylesheetInternal: sef, sourceText: xml, destination: 'raw' },
      'sync',
    ).principalResult;
  } catch (error) {
    return [
      {
        flag: 'fatal',
        text: `Could not run the rules: ${error instanceof Error ? error.message : String(error)}`,
        location: '',
      },
    ];
  }
  const rows = saxonApi.XPath.evaluate(
    '(descendant-or-self::svrl:failed-assert | descendant-or-self::svrl:successful-report) ! ' +
      'string-join((normalize-space(@flag), normalize-space(svrl:text), string(@location)), codepoints-to-string(9))',
    svrl,
    { namespaceContext: { svrl: SVRL_NS }, resultForm: 'array' },
  );
  return rows.map((row) => {
    const [flag = '', text = '', location = ''] = String(row).split('\t');
    return { flag: flag.toLowerCase() || 'fatal', text, location: shortPath(location) };
  });
}

/** "/*:Invoice[namespace-uri()='…'][1]/*:ID[namespace-uri()='…'][1]" becomes "/Invoice[1]/ID[1]". */
function shortPath(location: string): string {
  return location.replace(/\*:([\w.-]+)\[namespace-uri\(\)='[^']*'\]/g, '$1');
}

const PEPPOL_BILLING = 'urn:fdc:peppol.eu:2017:poacc:billing:3.0';

/** Whether the document's CustomizationID is Peppol BIS Billing 3.0 (or a CIUS of it). */
export function claimsPeppol(xml: string): boolean {
  const id = /<(?:[A-Za-z_][\w.-]*:)?CustomizationID>([^<]*)</.exec(xml)?.[1] ?? '';
  return id.includes(PEPPOL_BILLING);
}

function asNlcius(xml: string): string {
  return xml.replace(
    /<((?:[A-Za-z_][\w.-]*:)?CustomizationID)>[^<]*<\/\1>/,
    (_match, name: string) => `<${name}>${NLCIUS_CUSTOMIZATION_ID}</${name}>`,
  );
}
