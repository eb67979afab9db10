/**
 * Takes every toast away: a screen whose state changed says so itself (issue 27). A module of its
 * own, not in ./toast: that one rides in /login's first view, this one only where it is used.
 * Sonner is already loaded wherever a toast was shown; where none was, this dismisses nothing.
 */
export const dismissToasts = () => {
  void import('sonner').then(({ toast }) => toast.dismiss())
}
