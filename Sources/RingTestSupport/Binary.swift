import Foundation

/// The `rainbow-ring` executable of this package's debug build, for tests that need a real
/// process (signals, environment, pipes). `scripts/test` builds it before the tests run.
public func rainbowRingBinary(file: String = #filePath) throws -> String {
  var url = URL(fileURLWithPath: file)
  while url.path != "/" {
    url.deleteLastPathComponent()
    let candidate = url.appendingPathComponent(".build/debug/rainbow-ring").path
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  throw ToolFailure(message: "the rainbow-ring binary is not built: run 'swift build' first")
}

/// The result of running a process to its end.
public struct ProcessResult {
  public var status: Int32
  public var signalled: Bool
  public var stdout: Data
  public var stderr: String
}

/// Runs `executable` with `arguments`, optionally signalling it `signal` after `delay`
/// seconds or calling `whileRunning` with its process ID; stdout and stderr are collected.
public func runProcess(
  _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
  signal: Int32? = nil, after delay: Double = 0, directory: String? = nil,
  whileRunning: ((Int32) -> Void)? = nil
) throws -> ProcessResult {
  let p = Process()
  p.executableURL = URL(fileURLWithPath: executable)
  p.arguments = arguments
  if let environment { p.environment = environment }
  if let directory { p.currentDirectoryURL = URL(fileURLWithPath: directory) }
  let out = Pipe()
  let err = Pipe()
  p.standardOutput = out
  p.standardError = err
  p.standardInput = FileHandle.nullDevice
  let collected = Collected()
  let readers = DispatchGroup()
  let outHandle = out.fileHandleForReading
  let errHandle = err.fileHandleForReading
  try p.run()
  for (handle, isOut) in [(outHandle, true), (errHandle, false)] {
    readers.enter()
    Thread {
      let data = handle.readDataToEndOfFile()
      if isOut { collected.addOut(data) } else { collected.addErr(data) }
      readers.leave()
    }.start()
  }
  if let signal {
    Thread.sleep(forTimeInterval: delay)
    kill(p.processIdentifier, signal)
  }
  whileRunning?(p.processIdentifier)
  p.waitUntilExit()
  readers.wait()
  return ProcessResult(
    status: p.terminationStatus, signalled: p.terminationReason == .uncaughtSignal,
    stdout: collected.out, stderr: String(decoding: collected.err, as: UTF8.self))
}

final class Collected: @unchecked Sendable {
  private let lock = NSLock()
  private(set) var out = Data()
  private(set) var err = Data()
  func addOut(_ d: Data) {
    lock.lock()
    out.append(d)
    lock.unlock()
  }
  func addErr(_ d: Data) {
    lock.lock()
    err.append(d)
    lock.unlock()
  }
}

/// The process IDs of `parent`'s children whose command name is `name`, read from /proc.
public func childProcesses(of parent: Int32, named name: String) -> [Int32] {
  let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
  return entries.compactMap { entry -> Int32? in
    guard let pid = Int32(entry),
      let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
      let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
    else { return nil }
    // "pid (comm) state ppid ...": the name may hold spaces, so split after the ')'.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    let comm = stat[stat.index(after: open)..<close]
    return comm == name && fields.count > 1 && Int32(fields[1]) == parent ? pid : nil
  }
}
