// Types of scripts/build-gazetteer.mjs, for the unit test that checks the bundled places against the package.
import type { Place } from '../src/server/integrations/gazetteer.js';

export function southAfricanPlaces(): Place[];
