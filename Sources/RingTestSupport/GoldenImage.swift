import Foundation

/// A reference PNG that a rendered image must match, in the style of resvg's and
/// tiny-skia's tests.
///
/// `verify` compares an image with the golden `<folder>/<name>.png` and returns `nil` when
/// they match within `tolerance`, or a message saying what differs. On a mismatch it writes
/// `expected.png`, `actual.png` and `diff.png` (differing pixels red on a faded copy of the
/// expected image) to `<failureRoot>/<name>/` and names that folder. A missing golden
/// fails. With `RAINBOW_RING_RECORD_GOLDENS=1` the image is written as the new golden and
/// the check still fails, so a recording is never a silent pass.
public struct GoldenImage: Sendable {
  /// How far an image may be from its golden and still match.
  public struct Tolerance: Sendable, CustomStringConvertible {
    /// The largest per-channel difference (0-255) a pixel may have and still count as equal.
    public var channelDelta: Int
    /// How many pixels may differ by more than `channelDelta`.
    public var differingPixels: Int

    public init(channelDelta: Int, differingPixels: Int) {
      self.channelDelta = channelDelta
      self.differingPixels = differingPixels
    }

    /// Every pixel equal, bit for bit: the renderer's pixel arithmetic is integer and its
    /// geometry deterministic.
    public static let exact = Tolerance(channelDelta: 0, differingPixels: 0)

    public var description: String {
      "at most \(differingPixels) pixels differing by more than \(channelDelta) per channel"
    }
  }

  /// The environment variable that turns recording on when set to `1`.
  public static let recordVariable = "RAINBOW_RING_RECORD_GOLDENS"

  /// Whether this run records goldens instead of checking them.
  public static var isRecording: Bool {
    ProcessInfo.processInfo.environment[recordVariable] == "1"
  }

  /// Where failed checks leave their images: `$TMPDIR/rainbow-ring-golden-failures`.
  public static var defaultFailureRoot: String {
    let tmp = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 }
    return URL(fileURLWithPath: tmp ?? "/tmp").appendingPathComponent(
      "rainbow-ring-golden-failures"
    ).path
  }

  /// The case's name: the golden's file name without `.png`, and its failure folder's name.
  public let name: String
  /// The folder of golden PNGs in the source tree.
  public let folder: String
  public var tolerance: Tolerance

  public init(name: String, folder: String, tolerance: Tolerance = .exact) {
    precondition(
      !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" },
      "a golden's name is letters, digits and '-'")
    self.name = name
    self.folder = folder
    self.tolerance = tolerance
  }

  /// The golden's path.
  public var path: String {
    URL(fileURLWithPath: folder).appendingPathComponent(name + ".png").path
  }

  /// `nil` when `actual` matches the golden, else why not (and where its images went).
  public func verify(
    _ actual: RGBAImage, recording: Bool = GoldenImage.isRecording,
    failureRoot: String = GoldenImage.defaultFailureRoot
  ) -> String? {
    let failures = URL(fileURLWithPath: failureRoot).appendingPathComponent(name)
    try? FileManager.default.removeItem(at: failures)
    if recording {
      do {
        try FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: true)
        try Data(GoldenPNG.encode(actual)).write(to: URL(fileURLWithPath: path), options: .atomic)
      } catch {
        return "\(name): cannot record the golden at \(path): \(error)"
      }
      return
        "\(name): recorded a \(actual.width)x\(actual.height) golden at \(path); this run fails"
        + " on purpose: look at the image, commit it and run again without"
        + " \(GoldenImage.recordVariable)"
    }
    guard let file = FileManager.default.contents(atPath: path) else {
      let written = write(["actual": actual], to: failures)
      return
        "\(name): no golden at \(path)\(written); record it with"
        + " \(GoldenImage.recordVariable)=1 swift test --filter Golden, look at it and commit it"
    }
    let expected: RGBAImage
    do {
      expected = try GoldenPNG.decode([UInt8](file))
    } catch {
      return "\(name): cannot read the golden \(path): \(error)"
    }
    guard expected.width == actual.width, expected.height == actual.height else {
      let written = write(["expected": expected, "actual": actual], to: failures)
      return
        "\(name): the image is \(actual.width)x\(actual.height), the golden \(path) is"
        + " \(expected.width)x\(expected.height)\(written)"
    }
    let difference = ImageDifference(
      expected: expected, actual: actual, tolerance: tolerance.channelDelta)
    guard difference.differing > tolerance.differingPixels else { return nil }
    let written = write(
      ["expected": expected, "actual": actual, "diff": difference.image()], to: failures)
    return
      "\(name) does not match \(path) (allowed: \(tolerance)): \(difference)\(written)"
  }

  /// Writes each image as `<folder>/<key>.png`; returns a clause naming the folder, or why
  /// it could not be written.
  private func write(_ images: [String: RGBAImage], to folder: URL) -> String {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for (key, image) in images.sorted(by: { $0.key < $1.key }) {
        try Data(GoldenPNG.encode(image)).write(
          to: folder.appendingPathComponent(key + ".png"), options: .atomic)
      }
      return "; " + images.keys.sorted().map { $0 + ".png" }.joined(separator: ", ")
        + " written to \(folder.path)/"
    } catch {
      return "; could not write the images to \(folder.path): \(error)"
    }
  }
}
