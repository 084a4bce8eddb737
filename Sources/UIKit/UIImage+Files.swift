import Foundation
import RingCodecs
import RingGraphics

/// Images from files and data. PNG files are decoded (every colour type, bit depth,
/// palettes, transparency and interlacing); other formats give `nil`, as a file UIKit cannot
/// read does, with a note the first time.
extension UIImage {
  /// The image in PNG `data`, at scale 1; `nil` when it is not a PNG image that decodes.
  public convenience init?(data: Data) {
    self.init(data: data, scale: 1)
  }

  /// The image in PNG `data` at `scale` pixels per point (1 when not positive).
  public convenience init?(data: Data, scale: CGFloat) {
    guard let pixmap = UIImage.decode([UInt8](data), named: "data") else { return nil }
    self.init(pixmap: pixmap, scale: scale > 0 ? scale : 1)
  }

  /// The image in the PNG file at `path`, its scale from an "@2x" or "@3x" suffix.
  public convenience init?(contentsOfFile path: String) {
    guard let bytes = UIImage.imageFile(at: path),
      let pixmap = UIImage.decode(bytes, named: path)
    else { return nil }
    self.init(pixmap: pixmap, scale: UIImage.scale(ofFile: path))
  }

  /// The image named `name` beside the program (the executable's directory, which is its
  /// main bundle here) or in the current directory: `name@3x.png`, `name@2x.png` and
  /// `name.png`, the screen's scale first, or `name` itself when it has an extension.
  /// A system symbol (SF Symbols): nil, with a note, as the symbols' font is Apple's and is
  /// not here.
  public convenience init?(systemName name: String) {
    Notice.once(
      "sf \(name)", "system symbols are not available here: UIImage(systemName: \"\(name)\") is nil"
    )
    return nil
  }

  public convenience init?(named name: String) {
    self.init(named: name, in: nil, compatibleWith: nil)
  }

  /// The image named `name` in `bundle`'s resources (the main bundle's and the current
  /// directory when `nil` or the main bundle, the same search as `init(named:)`, as on iOS
  /// where the two are one lookup); the traits are accepted.
  public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traits: Any?) {
    for directory in UIImage.searchDirectories(bundle) {
      for file in UIImage.candidates(for: name) {
        let path = (directory as NSString).appendingPathComponent(file)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
          !isDirectory.boolValue
        else { continue }
        self.init(contentsOfFile: path)
        return
      }
    }
    return nil
  }

  /// Where `init(named:in:compatibleWith:)` looks, in order.
  static func searchDirectories(_ bundle: Bundle?) -> [String] {
    bundle.flatMap { $0 == Bundle.main ? nil : [$0.resourcePath ?? $0.bundlePath] }
      ?? [
        Bundle.main.resourcePath ?? Bundle.main.bundlePath,
        FileManager.default.currentDirectoryPath,
      ]
  }

  /// The largest image file read, in bytes.
  static let maximumFileSize = 256 << 20

  /// The bytes of the regular file at `path` (a symbolic link followed); `nil` for anything
  /// else, so that a FIFO or a device named like an image is not waited on or read forever,
  /// and for a file over `maximumFileSize`.
  static func imageFile(at path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
      Notice.once("special \(path)", "UIImage reads regular files: '\(path)' is not one")
      return nil
    }
    guard st.st_size <= maximumFileSize else {
      Notice.once("large \(path)", "UIImage reads files up to 256 MB: '\(path)' is larger")
      return nil
    }
    var bytes = [UInt8](repeating: 0, count: Int(st.st_size))
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, $0.count - done) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { break }
      done += n
    }
    return Array(bytes[0..<done])
  }

  /// File names to try for `name`, best first.
  static func candidates(for name: String) -> [String] {
    guard (name as NSString).pathExtension.isEmpty else { return [name] }
    let screen = max(1, min(3, Int(Runtime.screenScale.rounded())))
    let scales = [screen] + [3, 2, 1].filter { $0 != screen }
    return scales.map { $0 == 1 ? "\(name).png" : "\(name)@\($0)x.png" } + [name]
  }

  /// The scale a file's name gives: 2 for "icon@2x.png", 1 without a suffix.
  static func scale(ofFile path: String) -> CGFloat {
    let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    for s in [2, 3] where stem.hasSuffix("@\(s)x") { return CGFloat(s) }
    return 1
  }

  static func decode(_ bytes: [UInt8], named name: String) -> Pixmap? {
    do {
      return try PNGDecoder.decode(bytes)
    } catch {
      let png = bytes.starts(with: PNGEncoder.signature)
      Notice.once(
        png ? "png \(name)" : "image format",
        png
          ? "UIImage cannot read \(name): \(error.message)"
          : "UIImage reads PNG images only here; other formats give nil")
      return nil
    }
  }
}
