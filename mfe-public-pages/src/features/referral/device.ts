// SPEC §2: after a successful referral an Android device goes to the Android store listing, an
// iPhone or iPad to the Apple listing; any other device stays on the page.
export type StorePlatform = 'android' | 'ios' | null;

export function storePlatform(
  userAgent: string = navigator.userAgent,
  maxTouchPoints: number = navigator.maxTouchPoints ?? 0,
): StorePlatform {
  if (/android/i.test(userAgent)) return 'android';
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios';
  // iPadOS 13+ asks for the desktop site and says "Macintosh"; only the touch screen gives it away.
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return null;
}
