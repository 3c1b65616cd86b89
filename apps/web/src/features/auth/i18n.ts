// The texts of the login form. The first screen (app/login-first) shows them before the app and its
// catalogue load; the shared catalogues merge them into their sections, so each stays written once.
export const loginNl = {
  app: {
    defaultName: 'Installatiemanager',
    defaultDescription: 'CRM en dossierbeheer voor installatiebedrijven',
  },
  api: {
    network: 'Geen verbinding met de server.',
    failed: 'Er is iets misgegaan ({{status}}).',
  },
  common: {
    email: 'E-mailadres',
    password: 'Wachtwoord',
    required: 'Dit veld is verplicht.',
    invalidEmail: 'Vul een geldig e-mailadres in.',
  },
  auth: {
    loginTitle: 'Inloggen',
    login: 'Inloggen',
    loginFailed: 'Inloggen mislukt',
    lostPasswordLink: 'Wachtwoord vergeten?',
    registerLink: 'Nog geen account? Registreer je bedrijf',
    privacyLink: 'Privacyverklaring',
  },
};

export const loginEn: typeof loginNl = {
  app: {
    defaultName: 'Installatiemanager',
    defaultDescription: 'CRM and case files for installation companies',
  },
  api: {
    network: 'No connection to the server.',
    failed: 'Something went wrong ({{status}}).',
  },
  common: {
    email: 'Email address',
    password: 'Password',
    required: 'This field is required.',
    invalidEmail: 'Enter a valid email address.',
  },
  auth: {
    loginTitle: 'Log in',
    login: 'Log in',
    loginFailed: 'Login failed',
    lostPasswordLink: 'Forgot your password?',
    registerLink: 'No account yet? Register your company',
    privacyLink: 'Privacy statement',
  },
};
