// swift-tools-version:6.0
// libFuzzer harnesses in their own package, built with the fuzzer and AddressSanitizer by
// `Fuzz/run` (swift build -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library).
import PackageDescription

let package = Package(
  name: "RainbowRingFuzz",
  dependencies: [.package(name: "RainbowRing", path: "..")],
  targets: [
    .target(name: "CFuzzer"),
    .target(name: "FuzzSupport", dependencies: ["CFuzzer"]),
    .executableTarget(
      name: "parse-arguments-fuzz",
      dependencies: [.product(name: "RainbowRingCLI", package: "RainbowRing"), "FuzzSupport"]),
    .executableTarget(
      name: "ring-fuzz",
      dependencies: [.product(name: "RainbowRing", package: "RainbowRing"), "FuzzSupport"]),
    .executableTarget(
      name: "ring-file-fuzz",
      dependencies: [.product(name: "RainbowRing", package: "RainbowRing"), "FuzzSupport"]),
    .executableTarget(
      name: "png-fuzz",
      dependencies: [.product(name: "RingExport", package: "RainbowRing"), "FuzzSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
