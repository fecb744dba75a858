-- PostgreSQL: nearest first from GiST indexes on each located shop as a point on the unit sphere (the cube
-- extension; see nearestOnGlobe in features/shops/service.ts). PGlite does not load cube (it made trigram
-- searches hang there), so where the extension cannot be created this block does nothing, and nearest first
-- uses coffee_shops_location_gist instead. drizzle cannot declare indexes that may not exist: schema.ts does not.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS cube;
  CREATE INDEX IF NOT EXISTS coffee_shops_globe ON coffee_shops USING gist (cube(array[cos(radians(latitude)) * cos(radians(longitude)), cos(radians(latitude)) * sin(radians(longitude)), sin(radians(latitude))])) WHERE latitude IS NOT NULL AND longitude IS NOT NULL;
  CREATE INDEX IF NOT EXISTS coffee_shops_globe_promoted ON coffee_shops USING gist (cube(array[cos(radians(latitude)) * cos(radians(longitude)), cos(radians(latitude)) * sin(radians(longitude)), sin(radians(latitude))])) WHERE is_promoted AND latitude IS NOT NULL AND longitude IS NOT NULL;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'cube is not available (%): nearest first uses coffee_shops_location_gist', SQLERRM;
END $$;
