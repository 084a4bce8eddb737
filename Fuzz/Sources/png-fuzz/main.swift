// libFuzzer harness for the PNG decoder (`UIImage(data:)`, `UIImage(named:)`): the input's
// bytes are a file. It may be refused, but only with a one-line `RingError` of code
// `.invalidImage` that says what is wrong; a decoded image has the size its header gives,
// and encoded again, decodes to the same pixels. Any crash, hang or sanitizer report fails
// `Fuzz/run`.

import FuzzSupport
import RingCodecs
import RingCore

/// The entry point SwiftPM links as `main`: hands over to libFuzzer's driver.
@_cdecl("png_fuzz_main")
func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
  runFuzzer(argc, argv, fuzz)
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  do {
    let image = try PNGDecoder.decode(bytes)
    let width = Int(bytes[16]) << 24 | Int(bytes[17]) << 16 | Int(bytes[18]) << 8 | Int(bytes[19])
    check(image.width == width, "decoded \(image.width) pixels wide, the header says \(width)")
    let again = try PNGDecoder.decode(try PNGEncoder.encode(image))
    check(again == image, "a decoded image encoded again decodes differently")
  } catch let error as RingError {
    check(
      error.code == .invalidImage && !error.message.isEmpty && !error.message.contains("\n"),
      "a refusal is not one line of code invalidImage: \(error.code) \(error.message)")
  } catch {
    check(false, "an error that is not a RingError: \(error)")
  }
  return 0
}
