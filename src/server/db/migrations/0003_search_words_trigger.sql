-- Keeps search_words (every word of every shop name, 3 letters or more) in step with coffee_shops, whoever
-- writes the shops (the app, demo data, a bulk load), and fills it for the shops already there.
CREATE OR REPLACE FUNCTION remember_search_words() RETURNS trigger AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT part FROM regexp_split_to_table(lower(NEW.name), '[^[:alnum:]]+') AS part
  WHERE length(part) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER coffee_shops_search_words AFTER INSERT OR UPDATE OF name ON coffee_shops
  FOR EACH ROW EXECUTE FUNCTION remember_search_words();--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT part FROM coffee_shops, regexp_split_to_table(lower(name), '[^[:alnum:]]+') AS part
WHERE length(part) >= 3
ON CONFLICT DO NOTHING;
