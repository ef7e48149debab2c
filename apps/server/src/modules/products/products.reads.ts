import { face } from '../../lib/face.js';
import { productsRepository } from './products.repository.js';

/** What other modules may read of the products: which sites their supply depends on alone. */
export const productsReads = face(productsRepository, ['singleSourceSites']);
