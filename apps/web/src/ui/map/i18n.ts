export const mapNl = {
  label: 'Kaart',
  loadFailed: 'De kaartinstellingen konden niet worden geladen.',
};

export const mapEn: typeof mapNl = {
  label: 'Map',
  loadFailed: 'The map settings could not be loaded.',
};
