import Foundation
import RingTestSupport
import Testing

/// `--config -` reads the ring file from standard input, in a real process: a pipe is read
/// (bounded like a file), a terminal is refused at once rather than waited on.
@Suite struct RingFileInputTests {
  /// Runs the binary with `input` as its standard input; kills it after 20 s.
  static func run(_ args: [String], input: FileHandle) throws -> (
    status: Int32, stdout: Data, stderr: String
  ) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: try rainbowRingBinary())
    p.arguments = args
    let out = Pipe()
    let err = Pipe()
    p.standardOutput = out
    p.standardError = err
    p.standardInput = input
    try p.run()
    try? input.close()  // the child has its copy: at its exit the writer sees the end
    let watchdog = DispatchWorkItem { if p.isRunning { p.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 20, execute: watchdog)
    let collected = Collected()
    let group = DispatchGroup()
    for (handle, isOut) in [(out.fileHandleForReading, true), (err.fileHandleForReading, false)] {
      group.enter()
      Thread {
        let data = handle.readDataToEndOfFile()
        collected.add(data, isOut)
        group.leave()
      }.start()
    }
    p.waitUntilExit()
    group.wait()
    watchdog.cancel()
    return (p.terminationStatus, collected.out, String(decoding: collected.err, as: UTF8.self))
  }

  final class Collected: @unchecked Sendable {
    let lock = NSLock()
    var out = Data()
    var err = Data()
    func add(_ d: Data, _ isOut: Bool) {
      lock.lock()
      if isOut { out.append(d) } else { err.append(d) }
      lock.unlock()
    }
  }

  /// Runs with `text` streamed in through a socket (a pipe's writer would take SIGPIPE when
  /// the tool stops reading early; `send` with MSG_NOSIGNAL does not).
  /// A ring file read from standard input (`--config - < ring.json`) is never written
  /// over: refused as usage, the file kept.
  @Test func standardInputsRingFileIsNeverTheOutput() throws {
    let dir = FileManager.default.temporaryDirectory
      .appendingPathComponent("ring-stdin-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = dir + "/r.json"
    let text = Data("{\"ring-width\": 16}".utf8)
    try text.write(to: URL(fileURLWithPath: file))
    let input = try FileHandle(forReadingFrom: URL(fileURLWithPath: file))
    let run = try Self.run(["export", "--config", "-", "-o", file], input: input)
    #expect(run.status == 64, "\(run.stderr)")
    #expect(run.stderr.contains("is the ring file that --config reads"), "\(run.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == text, "kept")
  }

  static func run(_ args: [String], piping text: String) throws -> (
    status: Int32, stdout: Data, stderr: String
  ) {
    var fds: [Int32] = [0, 0]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else {
      throw POSIXError(.EIO)
    }
    let (writer, reader) = (fds[0], fds[1])
    let bytes = Array(text.utf8)
    let sent = DispatchSemaphore(value: 0)
    let sender = Thread {
      var offset = 0
      while offset < bytes.count {
        let n = bytes[offset...].withUnsafeBytes {
          send(writer, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        if n <= 0 { break }
        offset += n
      }
      shutdown(writer, Int32(SHUT_WR))
      sent.signal()
    }
    sender.start()
    defer {
      sent.wait()
      close(writer)
    }
    return try run(args, input: FileHandle(fileDescriptor: reader, closeOnDealloc: false))
  }

  @Test func aPipedRingFileIsRead() throws {
    let run = try Self.run(
      ["config", "--print", "--config", "-", "--cap", "butt"], piping: #"{"progress": 0.5}"#)
    #expect(run.status == 0, "\(run.stderr)")
    let text = String(decoding: run.stdout, as: UTF8.self)
    #expect(text.contains(#""progress": 0.5"#) && text.contains(#""cap": "butt""#), "\(text)")
  }

  /// Its mistakes are placed as `<stdin>:LINE:COLUMN`.
  @Test(arguments: [
    (#"{"cap": "butt"}"#, "<stdin>:1:9: cap shapes a progress arc"),
    ("{\n  \"size\": 0\n}", "<stdin>:2:11: size must be in 1...10000 points"),
  ])
  func aPipedRingFilesMistakesArePlaced(text: String, message: String) throws {
    let run = try Self.run(["config", "--print", "--config", "-"], piping: text)
    #expect(run.status == 64, "\(run.stderr)")
    #expect(run.stderr.hasPrefix("Error: \(message)"), "\(run.stderr)")
  }

  /// Standard input is bounded like a file: past 1 MiB it is refused.
  @Test func aPipedRingFileIsBounded() throws {
    let big = "{\"size\": 100" + String(repeating: " ", count: 1 << 21) + "}"
    let run = try Self.run(["config", "--print", "--config", "-"], piping: big)
    #expect(run.status == 64, "\(run.stderr)")
    #expect(
      run.stderr.contains("<stdin>: a ring file holds at most 1048576 bytes"), "\(run.stderr)")
  }

  /// A terminal on standard input (util-linux `script`'s) is refused at once, saying so.
  @Test func aTerminalOnStandardInputIsRefused() throws {
    let command =
      "timeout 20 '\(try rainbowRingBinary())' config --print --config -; echo \"exit $?\""
    let started = Date()
    let run = try runProcess(
      try requiredTool("script", package: "bsdutils"), ["-qec", command, "/dev/null"],
      environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm"])
    let text = String(decoding: run.stdout, as: UTF8.self)
    #expect(Date().timeIntervalSince(started) < 15, "it did not wait for the terminal: \(text)")
    #expect(text.contains("exit 64"), "\(text)")
    #expect(
      text.contains("reads a ring file from standard input, which is a terminal"), "\(text)")
  }

  /// `-` names standard input once: a second `--config` is refused.
  @Test func standardInputIsReadOnce() throws {
    let run = try Self.run(
      ["config", "--print", "--config", "-", "--config", "-"], piping: #"{"size": 100}"#)
    #expect(run.status == 64, "\(run.stderr)")
    #expect(run.stderr.contains("'--config' was given more than once"), "\(run.stderr)")
  }
}
