import Foundation
import RingGraphics

/// Reads the text in an image back with tesseract (Debian's tesseract-ocr): what a reader
/// would read, one line per line of text, trimmed.
///
/// Tests that read labels never skip: a missing tesseract is a failure naming its package.
public enum TextRecognition {
  /// The text tesseract reads in the PNG at `path`; `singleLine` reads the image as one
  /// line (tesseract's page segmentation mode 7), otherwise as a block. With `centre`, only
  /// that share of the width and of the height about the centre is read (ImageMagick cuts
  /// it out, flattens it onto white and pads it): a ring's label without the ring.
  public static func read(
    png path: String, singleLine: Bool = false, centre: (width: Double, height: Double)? = nil
  ) throws -> String {
    if let centre {
      let cut = FileManager.default.temporaryDirectory
        .appendingPathComponent("ocr-\(UUID()).png").path
      defer { try? FileManager.default.removeItem(atPath: cut) }
      let share = "\(Int(centre.width * 100))%x\(Int(centre.height * 100))%"
      _ = try runTool(
        "convert",
        [
          path, "-gravity", "center", "-crop", "\(share)+0+0", "+repage", "-background", "white",
          "-flatten", "-bordercolor", "white", "-border", "30", cut,
        ])
      return try read(png: cut, singleLine: singleLine)
    }
    let search = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    guard
      search.split(separator: ":").contains(where: {
        FileManager.default.isExecutableFile(atPath: "\($0)/tesseract")
      })
    else { throw ToolFailure(message: "tesseract is missing: apt-get install tesseract-ocr") }
    let output = try runTool(
      "tesseract", [path, "stdout", "--psm", singleLine ? "7" : "6", "-l", "eng"])
    return String(decoding: output, as: UTF8.self)
      .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }.joined(separator: "\n")
  }

  /// The text tesseract reads in `pixmap`, flattened onto white.
  public static func read(_ pixmap: Pixmap, singleLine: Bool = false) throws -> String {
    var flat = try Pixmap(width: pixmap.width, height: pixmap.height)
    flat.fill(.white)
    flat.composite(pixmap, opacity: 255)
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("ocr-\(UUID()).png").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(GoldenPNG.encode(RGBAImage(flat))).write(to: URL(fileURLWithPath: path))
    return try read(png: path, singleLine: singleLine)
  }
}
