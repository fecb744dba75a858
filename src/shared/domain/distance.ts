// How far a shop is, as a person reads it: metres under a kilometre ('350 m away'), else kilometres to one decimal.
export function distanceLabel(distanceKm: number): string {
  return distanceKm < 1 ? `${Math.round(distanceKm * 1000)} m away` : `${distanceKm.toFixed(1)} km away`;
}
