import { face } from '../../lib/face.js';
import { atlasRepository } from './atlas.repository.js';

export type { ShipmentRow } from './atlas.repository.js';

/** What other modules may read of Atlas: the shipments around a point (an incident's place). */
export const atlasReads = face(atlasRepository, ['listShipmentsNear']);
