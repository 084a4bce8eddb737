import Foundation
import RingGraphics
import Testing

@testable import UIKit

/// Images read from PNG files and data: `UIImage(named:)` with its scale suffixes,
/// `UIImage(contentsOfFile:)`, `UIImage(data:)`, and what an image view then shows.
@MainActor @Suite(.serialized) struct ImageFileTests {
  /// A folder of its own for each test.
  static func folder() throws -> String {
    let dir = FileManager.default.temporaryDirectory
      .appendingPathComponent("image-files-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
  }

  /// A 6 x 4 point picture at `scale`: a red left half, a translucent blue right half.
  static func picture(scale: CGFloat) -> UIImage {
    let format = UIGraphicsImageRendererFormat()
    format.scale = scale
    return UIGraphicsImageRenderer(size: CGSize(width: 6, height: 4), format: format).image {
      $0.cgContext.setFillColor(UIColor.red.cgColor)
      $0.cgContext.fill(CGRect(x: 0, y: 0, width: 3, height: 4))
      $0.cgContext.setFillColor(UIColor.blue.withAlphaComponent(0.5).cgColor)
      $0.cgContext.fill(CGRect(x: 3, y: 0, width: 3, height: 4))
    }
  }

  @Test func dataGivesBackThePixels() throws {
    let original = Self.picture(scale: 2)
    let data = try #require(original.pngData())
    let image = try #require(UIImage(data: data))
    #expect(image.pixmap == original.pixmap, "the same pixels")
    #expect(image.scale == 1 && image.size == CGSize(width: 12, height: 8), "scale 1 by default")
    let scaled = try #require(UIImage(data: data, scale: 2))
    #expect(scaled.size == CGSize(width: 6, height: 4))
    #expect(UIImage(data: Data("not an image".utf8)) == nil)
    #expect(UIImage(data: Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16])) == nil, "JPEG: nil")
    #expect(UIImage(data: data.prefix(data.count - 20)) == nil, "a truncated file: nil")
  }

  /// `named:` takes the screen's scale first, then the others, then the plain name; the
  /// file's suffix gives the scale.
  nonisolated static let namings: [([String], Double)] = [
    (["ring@2x.png", "ring.png"], 2), (["ring@3x.png"], 3), (["ring.png"], 1),
  ]

  @Test(arguments: namings)
  func namedFindsTheBestScale(files: [String], scale: Double) throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    for file in files {
      let s =
        file.contains("@") ? CGFloat(Int(String(file.split(separator: "@")[1].prefix(1)))!) : 1
      try #require(Self.picture(scale: s).pngData()).write(
        to: URL(fileURLWithPath: "\(dir)/\(file)"))
    }
    let bundle = try #require(Bundle(path: dir))
    let image = try #require(UIImage(named: "ring", in: bundle, compatibleWith: nil))
    #expect(image.scale == CGFloat(scale), "scale \(image.scale)")
    #expect(image.size == CGSize(width: 6, height: 4), "\(image.size) points")
    #expect(
      UIImage(named: "ring.png", in: bundle, compatibleWith: nil) != nil
        || !files.contains("ring.png"))
    #expect(UIImage(named: "missing", in: bundle, compatibleWith: nil) == nil)
  }

  /// Named in the main bundle, an image is looked for as `UIImage(named:)` looks (SwiftGen's
  /// accessors name the bundle; the two are one lookup on iOS); another bundle is its own.
  @Test func theMainBundleIsTheSameSearchAsNoBundle() throws {
    #expect(UIImage.searchDirectories(.main) == UIImage.searchDirectories(nil))
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let other = try #require(Bundle(path: dir))
    #expect(UIImage.searchDirectories(other) == [other.resourcePath ?? dir])
  }

  @Test func contentsOfFileReadsTheScaleFromTheName() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = "\(dir)/icon@3x.png"
    try #require(Self.picture(scale: 3).pngData()).write(to: URL(fileURLWithPath: path))
    let image = try #require(UIImage(contentsOfFile: path))
    #expect(image.scale == 3 && image.size == CGSize(width: 6, height: 4))
    #expect(UIImage(contentsOfFile: "\(dir)/nothing.png") == nil)
    #expect(UIImage(contentsOfFile: dir) == nil, "a folder is no image")
  }

  /// A symbolic link is followed; a FIFO, a device node and a folder named like an image give
  /// nil at once (a FIFO is not waited on, a device not read forever).
  @Test func onlyRegularFilesAreRead() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let png = "\(dir)/ring.png"
    try #require(Self.picture(scale: 1).pngData()).write(to: URL(fileURLWithPath: png))
    try FileManager.default.createSymbolicLink(atPath: "\(dir)/link.png", withDestinationPath: png)
    #expect(UIImage(contentsOfFile: "\(dir)/link.png")?.size == CGSize(width: 6, height: 4))
    #expect(mkfifo("\(dir)/fifo.png", 0o600) == 0)
    let started = Date()
    #expect(UIImage(contentsOfFile: "\(dir)/fifo.png") == nil)
    #expect(UIImage(named: "fifo", in: Bundle(path: dir), compatibleWith: nil) == nil)
    #expect(Date().timeIntervalSince(started) < 5, "a FIFO is not waited on")
    // A character device like /dev/zero, made in the folder (root only).
    let mknod = Process()
    mknod.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    mknod.arguments = ["mknod", "\(dir)/zero.png", "c", "1", "5"]
    mknod.standardError = FileHandle.nullDevice
    try mknod.run()
    mknod.waitUntilExit()
    if geteuid() == 0 {
      #expect(mknod.terminationStatus == 0, "root makes a device node")
      #expect(UIImage(contentsOfFile: "\(dir)/zero.png") == nil, "a device is not read")
    }
    try FileManager.default.createDirectory(
      atPath: "\(dir)/folder.png", withIntermediateDirectories: false)
    #expect(UIImage(contentsOfFile: "\(dir)/folder.png") == nil)
  }

  /// An image view shows a file's pixels: red on the left, half-transparent blue on the right.
  @Test func anImageViewShowsTheFile() throws {
    let data = try #require(Self.picture(scale: 1).pngData())
    let view = UIImageView(image: UIImage(data: data))
    view.frame = CGRect(x: 0, y: 0, width: 6, height: 4)
    let shown = renderedPixels(view.layer, width: 6, height: 4)
    #expect(shown.pixel(x: 1, y: 2) == (255, 0, 0, 255))
    let blue = shown.pixel(x: 4, y: 1)
    #expect(blue.blue == 128 && blue.alpha == 128 && blue.red == 0, "\(blue)")
  }
}
