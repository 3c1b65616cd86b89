import { registerTopBarItem } from '../../ui/top-bar-slots';
import { CommunicatorTopBarItem, NotificationTopBarItem } from './components/top-bar';

// The app shell imports this file to plug the communicator count and the notification menu into the top
// bar. Apart from index.ts: the shell loads right after a login, and the feature's index also carries the
// conversation and the mail dialog with its rich-text editor, which no top bar needs (decision 076).
registerTopBarItem(CommunicatorTopBarItem, 10);
registerTopBarItem(NotificationTopBarItem, 20);
