import CHarfBuzz
import Synchronization

extension TextFont {
  /// A font that draws `scalar`: this one when it has a glyph for it, else the installed
  /// face nearest this one's weight and style that has one, at this size (fontconfig's
  /// fallback, as iOS falls back along its cascade list); nil when no installed font has a
  /// glyph for it.
  public func covering(_ scalar: Unicode.Scalar) -> TextFont? {
    if glyph(for: scalar) != nil { return self }
    let key = FallbackKey(scalar: scalar.value, weight: weight.value, italic: style == .italic)
    let match = TextFont.fallbacks.withLock { known -> FontCatalog.Match?? in known[key] }
    let found: FontCatalog.Match?
    if let match {
      found = match
    } else {
      found = (try? FontCatalog.system)?.match(covering: scalar, weight: weight, style: style)
      TextFont.fallbacks.withLock { $0[key] = .some(found) }
    }
    guard let found else { return nil }
    return try? TextFont(file: found.file, faceIndex: found.faceIndex, size: size)
  }

  private struct FallbackKey: Hashable {
    var scalar: UInt32
    var weight: Double
    var italic: Bool
  }

  /// The face found for each character, weight and style (nil: none has it).
  private static let fallbacks = Mutex<[FallbackKey: FontCatalog.Match?]>([:])

  /// Which way `scalar`'s script runs, or nil for characters of no one script (spaces,
  /// digits, punctuation, combining marks), which take the direction of the text around them.
  static func direction(of scalar: Unicode.Scalar) -> ShapedLine.Direction? {
    let script = hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value)
    switch script {
    case HB_SCRIPT_COMMON, HB_SCRIPT_INHERITED, HB_SCRIPT_UNKNOWN, HB_SCRIPT_INVALID: return nil
    default:
      return hb_script_get_horizontal_direction(script) == HB_DIRECTION_RTL
        ? .rightToLeft : .leftToRight
    }
  }
}
