// Any other /api/* address: a JSON 404 whatever the method, not the HTML page a browser would get.
import { messageResponse } from '~/lib/http/api-responses.server';
import { apiRoute } from '~/lib/http/api-route.server';

export const { loader, action } = apiRoute({
  method: 'ANY',
  run: async () => messageResponse(404, 'No such API route.'),
});
