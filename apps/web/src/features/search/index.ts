import { registerSearchBox } from '../../ui/top-bar-slots';
import { GlobalSearch } from './components/global-search';

// Importing the feature plugs the global search into the top bar (README "Top-bar extension points").
registerSearchBox(GlobalSearch);

export { GlobalSearch };
