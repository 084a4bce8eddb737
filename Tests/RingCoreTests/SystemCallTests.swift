import Glibc
import RingCore
import Testing

@Suite struct SystemCallTests {
  /// A failed call throws the code given, says what was being done and why, and carries
  /// the errno as data.
  @Test func aFailedCallCarriesItsErrno() {
    let bad = RingError.Code(name: "testFailure")
    #expect {
      try systemCall(bad, "cannot read 'nowhere'") { read(-1, nil, 0) }
    } throws: { error in
      guard let error = error as? RingError else { return false }
      return error.code == bad && error.errno == EBADF
        && error.message == "cannot read 'nowhere': Bad file descriptor"
    }
  }

  /// All the bytes reach the file, and a failed write gives its errno.
  @Test func writeAllWritesEverythingOrSaysWhy() throws {
    var template = Array("/tmp/ring-write-all-XXXXXX".utf8CString)
    let fd = mkstemp(&template)
    try #require(fd >= 0)
    let path = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
    defer {
      close(fd)
      unlink(path)
    }
    let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    #expect(bytes.withUnsafeBytes { writeAll(fd, $0) } == nil)
    var back = [UInt8](repeating: 0, count: bytes.count + 1)
    let n = back.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
    #expect(n == bytes.count && Array(back[0..<bytes.count]) == bytes)
    #expect(bytes.withUnsafeBytes { writeAll(-1, $0) } == EBADF)
  }
}
