-- Discovery (issue 31): a shop's pin may be only its town's or suburb's centre, and discovery says so.
ALTER TABLE "coffee_shops" ADD COLUMN "location_approximate" boolean DEFAULT false NOT NULL;