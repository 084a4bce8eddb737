import RainbowRing

/// What makes a ring flash, as `FlashCheck.causes()` finds it: the part of the ring's
/// motion that, changed, would stop the flashing.
public enum FlashCause: Hashable, Sendable, CaseIterable {
  /// The colours flow too fast for any palette: the seed's rainbow flowing one stop per
  /// `stepDuration` flashes too.
  case stepDuration
  /// The colours themselves: the seed's rainbow at the same speed does not flash, these
  /// colours (their brightness, saturation or alpha over the background) do.
  case colors
  /// The progress change: the arc moving from one value to the other flashes even with
  /// its colours held still.
  case progressChange
  /// The jump from a looping file's last frame back to its first: the same motion shown
  /// without the jump does not flash.
  case loopSeam
  /// A format with only on/off transparency (a transparent GIF): translucent colours switch
  /// between shown and not shown, though the same colours with their alpha do not flash.
  case onOffTransparency
  /// A display with fewer colours (a terminal's 256, or shades): colours close together
  /// fall on different sides of its steps and switch between them, though the same frames
  /// in all their colours do not flash.
  case fewerColors
  /// A GIF's palette of 256 colours, dithered: colours of one brightness but many hues
  /// fall between entries of different brightness and switch between them, though the same
  /// frames in all their colours do not flash.
  case gifPalette
}
