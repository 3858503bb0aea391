// Any other /api/* address: a JSON 404, not the HTML page a browser would get.
import { messageResponse } from '~/lib/api.server';

const notFound = () => messageResponse(404, 'No such API route.');

export const loader = notFound;
export const action = notFound;
