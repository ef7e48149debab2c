import { face } from '../../lib/face.js';
import { feedIncidents } from './feed-incidents.repository.js';

/** What other modules may read of the feeds: the incidents a source (an API key's) recorded. */
export const feedsReads = face(feedIncidents, ['findBySourceIds']);
