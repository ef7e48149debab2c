import { defineModule } from '../module.js';
import { productsRoutes } from './products.routes.js';
import { ProductsService } from './products.service.js';

/** An organization's products and their bills of materials: what its value at risk is made of. */
export const productsModule = defineModule({
  name: 'products',
  setup: ({ db, background }) => {
    const products = new ProductsService(db, background);
    return {
      routes: async (api) => {
        await api.register(productsRoutes, { products });
      },
    };
  },
});
