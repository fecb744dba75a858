// Run as a worker by early-data.js on pages that list shop cards (each card's open-now line reads Johannesburg
// time through @date-fns/tz, that is Intl.DateTimeFormat). The first Intl.DateTimeFormat a browser process
// makes loads ICU's locale and time-zone data: 20–100 ms on a fast machine, several times that on a phone, in
// one piece, on whichever thread asks first. Asked here first, off the main thread, while the page's scripts and
// data download; ICU keeps that data for the whole process, so the page's own first formatter then costs
// well under a millisecond. The same options as @date-fns/tz's tzOffset, so the very same data is loaded.
new Intl.DateTimeFormat('en-US', { timeZone: 'Africa/Johannesburg', timeZoneName: 'longOffset' }).format(
  new Date(),
);
self.close();
