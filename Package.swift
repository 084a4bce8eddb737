// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "RainbowRing",
  products: [
    .library(name: "RainbowRing", targets: ["RainbowRing"]),
    .library(name: "RingExport", targets: ["RingExport"]),
    .library(name: "RainbowRingCLI", targets: ["RainbowRingCLI"]),
    .executable(name: "rainbow-ring", targets: ["rainbow-ring"]),
  ],
  dependencies: [],
  targets: [
    .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
    .systemLibrary(name: "CX11", path: "Sources/CX11"),
    .systemLibrary(name: "CLinux", path: "Sources/CLinux"),
    .target(name: "RingGraphics"),
    .target(name: "RingLayers", dependencies: ["RingGraphics"]),
    .target(name: "RainbowRing", dependencies: ["RingGraphics", "RingLayers"]),
    .target(name: "RingExport", dependencies: ["RainbowRing", "CZlib", "CLinux"]),
    .target(name: "RingPlayers", dependencies: ["RainbowRing", "RingExport", "CX11"]),
    .target(name: "RainbowRingCLI", dependencies: ["RainbowRing", "RingExport", "RingPlayers"]),
    .executableTarget(name: "rainbow-ring", dependencies: ["RainbowRingCLI"]),
    .target(name: "RingTestSupport", dependencies: ["RingGraphics", "CZlib"]),
    .testTarget(name: "RingGraphicsTests", dependencies: ["RingGraphics"]),
    .testTarget(name: "RingLayersTests", dependencies: ["RingLayers", "RingTestSupport"]),
    // Golden PNGs are read from the source tree (`#filePath`), not bundled.
    .testTarget(
      name: "RainbowRingTests", dependencies: ["RainbowRing", "RingTestSupport"],
      exclude: ["Golden"]),
    .testTarget(
      name: "RingExportTests", dependencies: ["RingExport", "RainbowRing", "RingTestSupport"]),
    .testTarget(
      name: "RingPlayersTests", dependencies: ["RingPlayers", "RingTestSupport", "CX11"]),
    .testTarget(
      name: "RainbowRingCLITests",
      dependencies: ["RainbowRingCLI", "RainbowRing", "RingExport", "RingTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
