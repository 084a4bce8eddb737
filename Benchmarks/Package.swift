// swift-tools-version:6.0
// Benchmarks live in their own package so the library carries none of their weight.
// Run from the repository root: swift run -c release --package-path Benchmarks ring-benchmark
import PackageDescription

let package = Package(
  name: "RainbowRingBenchmarks",
  dependencies: [.package(name: "RainbowRing", path: "..")],
  targets: [
    .target(name: "CAllocationCounter"),
    .target(
      name: "CairoBaseline",
      cSettings: [.unsafeFlags(["-I/usr/include/cairo", "-O2"])],
      linkerSettings: [.linkedLibrary("cairo")]),
    .executableTarget(
      name: "ring-benchmark",
      dependencies: [
        .product(name: "RainbowRing", package: "RainbowRing"), "CAllocationCounter",
        "CairoBaseline",
      ]),
    .executableTarget(
      name: "uikit-frames",
      dependencies: [.product(name: "UIKit", package: "RainbowRing"), "CAllocationCounter"],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    .executableTarget(
      name: "soak", dependencies: [.product(name: "RainbowRing", package: "RainbowRing")]),
    .executableTarget(
      name: "export-benchmark",
      dependencies: [
        .product(name: "RainbowRing", package: "RainbowRing"),
        .product(name: "RingExport", package: "RainbowRing"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
