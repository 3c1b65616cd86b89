// The privacy statement is legal text, kept in Dutch in one place (the English UI shows it too).
export interface PolicySection {
  heading: string;
  paragraphs: string[];
}

export const PRIVACY_POLICY_UPDATED = 'Laatst bijgewerkt: versie 0.1.0';

export const PRIVACY_POLICY: PolicySection[] = [
  {
    heading: 'Over deze verklaring',
    paragraphs: [
      'Installatiemanager is een online CRM- en dossiersysteem voor installatie- en servicebedrijven. In deze privacyverklaring leggen we uit welke persoonsgegevens we verwerken, waarom we dat doen en welke rechten je hebt.',
      'We houden ons aan de Algemene Verordening Gegevensbescherming (AVG) en de Nederlandse Uitvoeringswet AVG.',
    ],
  },
  {
    heading: 'Onze rol: verwerker en verwerkingsverantwoordelijke',
    paragraphs: [
      'Voor de gegevens die een bedrijf in Installatiemanager vastlegt over zijn eigen klanten, relaties en dossiers is dat bedrijf de verwerkingsverantwoordelijke. Wij verwerken die gegevens alleen in opdracht van het bedrijf, volgens de verwerkersovereenkomst die we met het bedrijf sluiten.',
      'Voor de gegevens van gebruikersaccounts (zoals naam, e-mailadres en inloggegevens) en voor het beheer van abonnementen zijn wij zelf verwerkingsverantwoordelijke.',
    ],
  },
  {
    heading: 'Welke gegevens we verwerken',
    paragraphs: [
      'Accountgegevens: voornaam, tussenvoegsel, achternaam, e-mailadres, rol en gebruikerstype, en een versleutelde vorm van je wachtwoord.',
      'Bedrijfsgegevens: bedrijfsnaam, adres, modules en abonnementen, instellingen en huisstijl.',
      'Klant- en dossiergegevens die gebruikers zelf invoeren, zoals namen, adressen, telefoonnummers, e-mailadressen, afspraken, notities, offertes, facturen, foto’s en documenten.',
      'Technische gegevens: inlogmomenten, mislukte inlogpogingen, IP-adres en logbestanden die nodig zijn om de dienst veilig en werkend te houden.',
    ],
  },
  {
    heading: 'Waarvoor we de gegevens gebruiken',
    paragraphs: [
      'Om de dienst te leveren: inloggen, dossiers beheren, documenten opstellen en versturen, en klanten via een persoonlijke link laten meekijken.',
      'Om de dienst te beveiligen: bijvoorbeeld door herhaalde mislukte inlogpogingen tijdelijk te blokkeren.',
      'Om je te informeren over wijzigingen, onderhoud en storingen.',
      'We verkopen geen persoonsgegevens en gebruiken klantgegevens van bedrijven niet voor eigen marketing.',
    ],
  },
  {
    heading: 'Grondslagen',
    paragraphs: [
      'We verwerken accountgegevens omdat dat nodig is om de overeenkomst met het bedrijf uit te voeren, en technische gegevens op grond van ons gerechtvaardigd belang bij een veilige dienst. Voor klant- en dossiergegevens bepaalt het bedrijf als verwerkingsverantwoordelijke de grondslag.',
    ],
  },
  {
    heading: 'Bewaartermijnen',
    paragraphs: [
      'Gegevens van een bedrijf bewaren we zolang het abonnement loopt. Na beëindiging verwijderen we de gegevens binnen een redelijke termijn, tenzij een wettelijke bewaarplicht (zoals de fiscale bewaarplicht voor facturen) langer bewaren vereist.',
      'Verwijderde relaties en dossiers komen eerst in een prullenbak en kunnen daarna definitief worden verwijderd.',
    ],
  },
  {
    heading: 'Beveiliging',
    paragraphs: [
      'We versleutelen verbindingen met HTTPS, slaan wachtwoorden alleen versleuteld op, scheiden de gegevens van verschillende bedrijven en geven medewerkers alleen toegang tot wat zij voor hun werk nodig hebben.',
      'Links voor klanten bevatten een lange, willekeurige code die niet te raden is. Deel zo’n link alleen met de klant voor wie hij bedoeld is.',
    ],
  },
  {
    heading: 'Delen met anderen',
    paragraphs: [
      'We schakelen dienstverleners in voor hosting, opslag en het versturen van e-mail. Met hen sluiten we (sub)verwerkersovereenkomsten. Koppelingen met bijvoorbeeld boekhoud- of agendasoftware worden alleen actief als een bedrijf of gebruiker die zelf instelt.',
      'We geven gegevens aan overheidsinstanties als de wet ons daartoe verplicht.',
    ],
  },
  {
    heading: 'Cookies en lokale opslag',
    paragraphs: [
      'Installatiemanager gebruikt geen tracking- of advertentiecookies. In je browser bewaren we alleen wat de app nodig heeft: je inlogsessie, je taalkeuze, de instellingen van tabellen (pagina, zoekterm, sortering) en welke systeemmeldingen je hebt verborgen.',
    ],
  },
  {
    heading: 'Je rechten',
    paragraphs: [
      'Je hebt het recht op inzage, correctie, verwijdering, beperking van de verwerking, overdraagbaarheid van je gegevens en bezwaar. Je eigen accountgegevens pas je aan via Mijn profiel.',
      'Ben je klant van een bedrijf dat Installatiemanager gebruikt? Richt je verzoek dan aan dat bedrijf; wij helpen het bedrijf bij het afhandelen ervan.',
      'Heb je een klacht over de manier waarop we met persoonsgegevens omgaan? Neem dan eerst contact met ons op. Je kunt ook een klacht indienen bij de Autoriteit Persoonsgegevens.',
    ],
  },
  {
    heading: 'Wijzigingen',
    paragraphs: [
      'We kunnen deze verklaring aanpassen als de dienst of de wet verandert. De actuele versie staat altijd op deze pagina.',
    ],
  },
];
