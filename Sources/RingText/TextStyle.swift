import RingGraphics

/// How the lines of a paragraph sit across the layout's width.
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
  /// Left for a left-to-right paragraph, right for a right-to-left one.
  case natural
  case left
  case center
  case right
  /// Every line but a paragraph's last stretched to the width at its spaces; the last as
  /// `natural`.
  case justified
}

/// Where lines break, and what shows when the text is longer than its lines.
public enum LineBreakMode: String, Hashable, Sendable, CaseIterable {
  /// Lines break between words (a word longer than a line breaks between characters);
  /// lines beyond the last are dropped.
  case wordWrap = "word-wrap"
  /// Lines break between any two characters.
  case characterWrap = "character-wrap"
  /// Lines break between words; the last line holds the rest of its paragraph, for the
  /// caller to clip.
  case clip
  /// Lines break between words; the last line ends with its paragraph's end after "…".
  case truncateHead = "truncate-head"
  /// Lines break between words; the last line shows as much as fits, then "…".
  case truncateTail = "truncate-tail"
  /// Lines break between words; the last line keeps its start and its paragraph's end
  /// about "…".
  case truncateMiddle = "truncate-middle"
}

/// How a run of text looks: font, colour, spacing.
public struct TextAttributes: Hashable, Sendable {
  public var font: TextFont
  public var color: RGBAColor
  /// Points added after each character (UIKit's `kern`).
  public var letterSpacing: Double
  /// Tabular digits: every digit as wide as every other, so a changing number keeps its
  /// width.
  public var monospacedDigits: Bool
  /// A line under the run, through it, and a colour behind it (the line's height), each in
  /// the run's colour unless given.
  public var underline: RGBAColor?
  public var strikethrough: RGBAColor?
  public var background: RGBAColor?

  public init(
    font: TextFont, color: RGBAColor = .black, letterSpacing: Double = 0,
    monospacedDigits: Bool = false, underline: RGBAColor? = nil,
    strikethrough: RGBAColor? = nil, background: RGBAColor? = nil
  ) {
    self.font = font
    self.color = color
    self.letterSpacing = letterSpacing.isFinite ? letterSpacing : 0
    self.monospacedDigits = monospacedDigits
    self.underline = underline
    self.strikethrough = strikethrough
    self.background = background
  }
}

/// A piece of text with one look.
public struct TextSpan: Hashable, Sendable {
  public var text: String
  public var attributes: TextAttributes

  public init(_ text: String, _ attributes: TextAttributes) {
    self.text = text
    self.attributes = attributes
  }
}

/// How text is broken into lines and where the lines sit.
public struct TextStyle: Hashable, Sendable {
  public var alignment: TextAlignment
  public var lineBreakMode: LineBreakMode
  /// At most this many lines; 0 for as many as the height holds.
  public var maximumLines: Int
  /// Extra space between lines, in points.
  public var lineSpacing: Double

  public init(
    alignment: TextAlignment = .natural, lineBreakMode: LineBreakMode = .wordWrap,
    maximumLines: Int = 0, lineSpacing: Double = 0
  ) {
    self.alignment = alignment
    self.lineBreakMode = lineBreakMode
    self.maximumLines = max(0, maximumLines)
    self.lineSpacing = lineSpacing.isFinite ? max(0, lineSpacing) : 0
  }
}
