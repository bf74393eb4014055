// Entry of `npm start`: loads the TypeScript start script through tsx.
import { register } from 'tsx/esm/api';

register();
await import('./start.ts');
