import Foundation
import RingGraphics
import RingTestSupport
import Testing

@testable import UIKit

/// Text in UIKit programs: labels, text layers and strings drawn in `draw(_:)`, read back
/// by tesseract and measured against the fonts' own metrics.
@MainActor @Suite struct TextDrawingTests {
  /// What `draw` draws at `scale` pixels per point.
  func pixels(width: CGFloat, height: CGFloat, scale: CGFloat = 3, _ draw: (CGContext) -> Void)
    -> Pixmap
  {
    let format = UIGraphicsImageRendererFormat()
    format.scale = scale
    return UIGraphicsImageRenderer(size: CGSize(width: width, height: height), format: format)
      .image { draw($0.cgContext) }.pixmap
  }

  /// `layer` (its content drawn first) at `scale`.
  func rendered(_ layer: CALayer, scale: CGFloat = 3) -> Pixmap {
    layer.forEachInTree { $0.displayIfNeeded() }
    return pixels(width: layer.bounds.width, height: layer.bounds.height, scale: scale) {
      layer.render(in: $0)
    }
  }

  /// The rows and columns that hold ink (alpha above half), as a box in pixels.
  func inkBox(_ pixmap: Pixmap) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
    for y in 0..<pixmap.height {
      for x in 0..<pixmap.width where pixmap.pixels[y * pixmap.width + x] >> 24 > 127 {
        box = (
          min(box?.minX ?? x, x), min(box?.minY ?? y, y), max(box?.maxX ?? x, x),
          max(box?.maxY ?? y, y)
        )
      }
    }
    return box
  }

  @Test(arguments: ["Loading...", "75%", "Downloaded 12 of 40 files"])
  func aLabelsTextReadsBack(text: String) throws {
    let label = UILabel(frame: CGRect(x: 0, y: 0, width: 320, height: 40))
    label.text = text
    label.font = .boldSystemFont(ofSize: 24)
    label.textAlignment = .center
    let read = try TextRecognition.read(rendered(label.layer), singleLine: true)
    #expect(read == text)
  }

  @Test func aLabelCentresItsTextVerticallyAndAsAligned() throws {
    let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
    label.text = "HH"
    label.font = .systemFont(ofSize: 20)
    label.textAlignment = .right
    let box = try #require(inkBox(rendered(label.layer, scale: 1)))
    #expect(box.maxX >= 197 && box.maxX <= 199, "right-aligned: ink ends at \(box.maxX)")
    let font = UIFont.systemFont(ofSize: 20)
    let baseline = (60 - font.lineHeight) / 2 + font.ascender
    #expect(abs(Double(box.maxY + 1) - Double(baseline)) <= 1, "H sits on the baseline")
    #expect(
      abs(Double(box.maxY + 1 - box.minY) - Double(font.capHeight)) <= 1,
      "H is a cap height tall")
  }

  @Test func sizeThatFitsIsTheTextsSizeRoundedUp() {
    let label = UILabel()
    label.font = .systemFont(ofSize: 17)
    label.text = "Hello, world"
    let width = UIFont.systemFont(ofSize: 17).textFont.shape("Hello, world").width
    #expect(label.intrinsicContentSize.width == CGFloat(width.rounded(.up)))
    #expect(
      label.intrinsicContentSize.height == UIFont.systemFont(ofSize: 17).lineHeight.rounded(.up))
    label.numberOfLines = 0
    let wrapped = label.sizeThatFits(CGSize(width: 60, height: 1000))
    #expect(wrapped.height == (2 * UIFont.systemFont(ofSize: 17).lineHeight).rounded(.up))
    label.text = nil
    #expect(label.intrinsicContentSize == .zero)
  }

  @Test func aLongLabelIsTruncatedAtTheTail() throws {
    let label = UILabel(frame: CGRect(x: 0, y: 0, width: 150, height: 30))
    label.text = "Downloading the whole catalogue"
    label.font = .systemFont(ofSize: 17)
    let read = try TextRecognition.read(rendered(label.layer), singleLine: true)
    #expect(read.hasPrefix("Downloading") && read.hasSuffix("..."), "read '\(read)'")
    let box = try #require(inkBox(rendered(label.layer, scale: 1)))
    #expect(box.maxX < 150)
  }

  @Test func adjustsFontSizeToFitWidthShrinksOneLine() throws {
    let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
    label.text = "A rather long title"
    label.adjustsFontSizeToFitWidth = true
    label.minimumScaleFactor = 0.3
    let read = try TextRecognition.read(rendered(label.layer, scale: 4), singleLine: true)
    #expect(read == "A rather long title")
    let box = try #require(inkBox(rendered(label.layer, scale: 1)))
    #expect(box.minX >= 0 && box.maxX < 100, "the whole line fits")
  }

  @Test func attributedTextDrawsEachRunInItsColour() throws {
    let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
    let text = NSMutableAttributedString(
      string: "75", attributes: [.font: UIFont.boldSystemFont(ofSize: 30)])
    text.append(
      NSAttributedString(
        string: "%",
        attributes: [.foregroundColor: UIColor.red, .font: UIFont.systemFont(ofSize: 30)]))
    label.attributedText = text
    let image = rendered(label.layer, scale: 1)
    var reds = 0
    var blacks = 0
    for p in image.pixels where p >> 24 == 255 {
      let (r, g) = (p & 0xFF, (p >> 8) & 0xFF)
      if r > 200 && g < 50 { reds += 1 } else if r < 50 && g < 50 { blacks += 1 }
    }
    #expect(reds > 20 && blacks > 40, "\(reds) red and \(blacks) black pixels")
    #expect(try TextRecognition.read(rendered(label.layer), singleLine: true) == "75%")
  }

  /// Underline and strikethrough at the font's own positions and thickness, across the
  /// run's advance, and a background of the line's height behind it.
  @Test func decorationsSitWhereTheFontSays() throws {
    let font = UIFont.systemFont(ofSize: 40)
    let width = font.textFont.shape("xx").width
    func drawn(_ attributes: [NSAttributedString.Key: Any]) -> Pixmap {
      pixels(width: 120, height: 60, scale: 1) { _ in
        NSAttributedString(string: "xx", attributes: [.font: font].merging(attributes) { $1 })
          .draw(at: CGPoint(x: 10, y: 0))
      }
    }
    /// How many of row `y`'s pixels from x 10 to the advance's end are opaque ink.
    func inked(_ image: Pixmap, row y: Int) -> Int {
      (10..<(10 + Int(width))).filter { image.pixels[y * 120 + $0] >> 24 > 200 }.count
    }
    let baseline = Double(font.ascender)
    let under = drawn([.underlineStyle: NSUnderlineStyle.single.rawValue])
    let (u, ut) = font.textFont.underline
    #expect(inked(under, row: Int(baseline + u)) >= Int(width) - 2, "a line under the run")
    #expect(inked(drawn([:]), row: Int(baseline + u)) == 0, "nothing there without it")
    #expect(ut > 0.5 && ut < 5, "the font's thickness: \(ut)")
    let struck = drawn([.strikethroughStyle: 1, .strikethroughColor: UIColor.red])
    let (sp, st) = font.textFont.strikeout
    let row = Int(baseline - sp - st / 2)
    #expect(inked(struck, row: row) >= Int(width) - 2, "a line through the run")
    let reds = (10..<(10 + Int(width))).filter { struck.pixels[row * 120 + $0] == 0xFF00_00FF }
    #expect(reds.count > Int(width) / 2, "in its own colour")
    let behind = drawn([.backgroundColor: UIColor.yellow])
    #expect(behind.pixels[2 * 120 + 12] == 0xFF00_FFFF, "yellow behind, the line's height")
    #expect(behind.pixels[2 * 120 + 12 + Int(width) + 2] == 0, "only the run's advance")
  }

  @Test func aTextLayerDrawsFromItsTopLeftInWhiteAt36Points() throws {
    let layer = CATextLayer()
    layer.frame = CGRect(x: 0, y: 0, width: 300, height: 60)
    layer.string = "Hello"
    let box = try #require(inkBox(rendered(layer, scale: 1)))
    let font = UIFont.systemFont(ofSize: 36)
    #expect(abs(Double(box.maxY + 1) - Double(font.ascender)) <= 1, "baseline an ascender down")
    #expect(box.minX <= 4, "from the left")
    let white = rendered(layer, scale: 1).pixels.filter { $0 == 0xFFFF_FFFF }.count
    #expect(white > 100, "white by default")
    layer.foregroundColor = UIColor.black.cgColor
    layer.fontSize = 24
    layer.alignmentMode = .center
    #expect(try TextRecognition.read(rendered(layer), singleLine: true) == "Hello")
  }

  @Test func aWrappedTextLayerBreaksLinesToItsWidth() throws {
    let layer = CATextLayer()
    layer.frame = CGRect(x: 0, y: 0, width: 120, height: 100)
    layer.string = "one two three four"
    layer.fontSize = 20
    layer.foregroundColor = UIColor.black.cgColor
    layer.isWrapped = true
    let read = try TextRecognition.read(rendered(layer))
    #expect(read.split(separator: "\n").count >= 2, "read '\(read)'")
    #expect(read.replacingOccurrences(of: "\n", with: " ") == "one two three four")
  }

  @Test func stringsDrawInDrawRect() throws {
    let paragraph = NSMutableParagraphStyle()
    paragraph.alignment = .center
    let attributes: [NSAttributedString.Key: Any] = [
      .font: UIFont.systemFont(ofSize: 22), .foregroundColor: UIColor.black,
      .paragraphStyle: paragraph,
    ]
    let size = "Ready".size(withAttributes: attributes)
    #expect(abs(size.height - UIFont.systemFont(ofSize: 22).lineHeight) < 1e-9)
    let image = pixels(width: 200, height: 50) { _ in
      "Ready".draw(in: CGRect(x: 0, y: 10, width: 200, height: 40), withAttributes: attributes)
    }
    #expect(try TextRecognition.read(image, singleLine: true) == "Ready")
    let box = try #require(
      inkBox(
        pixels(width: 200, height: 50, scale: 1) { _ in
          "Ready".draw(in: CGRect(x: 0, y: 10, width: 200, height: 40), withAttributes: attributes)
        }))
    #expect(abs(Double(box.minX + box.maxX) / 2 - 100) <= 2, "centred")
    let rect = "one two three".boundingRect(
      with: CGSize(width: 60, height: 1000), options: .usesLineFragmentOrigin,
      attributes: attributes, context: nil)
    #expect(rect.height > size.height * 2, "broken into lines")
  }
}
