import Foundation
import RingTestSupport
import Testing

@testable import RingExport

/// Signals, streams, resource limits and a failing ffmpeg, with the real binary: each case
/// is a bash script (see `OutputSafetyTests.run`) that prints facts, compared exactly.
@Suite struct FaultTests {
  typealias Case = OutputSafetyTests.Case

  /// A terminating signal ends the tool promptly whatever it is blocked on, leaves nothing
  /// and exits 128 + N. Job control (`set -m`) keeps a background job's SIGINT, and
  /// `env --default-signal` undoes whatever the test runner ignores.
  ///
  /// "Promptly" is two measures that hold on a loaded machine, where a wall-clock second
  /// does not (two cores shared with a build, the process's own teardown of a large frame
  /// waits its turn): the tool spends under 0.3 s of CPU after the signal (it stops its
  /// work rather than finishing it: its CPU time from `/proc` at the signal against the
  /// total the shell's `times` gives once it is reaped), and it is gone within 5 s (it waits
  /// for nothing: the blockers would hold it for minutes or forever).
  static let blockers: [(name: String, setup: String, command: String)] = [
    (
      "a stalled ffmpeg",
      "mkdir bin; printf '#!/bin/sh\\nexec sleep 1000\\n' > bin/ffmpeg; chmod +x bin/ffmpeg",
      "PATH=$PWD/bin:$PATH $B export -o out.mp4 --quiet"
    ),
    (
      "a stalled reader of -o -", "mkfifo pipe; exec 3<> pipe",
      "$B export -o - --loops 3 > pipe"
    ),
    ("a long encode", "", "$B export -o out.apng --scale 4 --loops 40 --quiet"),
    ("a huge frame", "", "$B render -o out.png --size 4000"),
    ("a full sprite sheet", "", "$B export -o out.png --format sprite-sheet --scale 3 --quiet"),
  ]

  /// The terminating signals. Under ThreadSanitizer, SIGTERM alone: the three take one
  /// path through the signal thread, and each case costs seconds there.
  static let signals: [(Int32, String)] =
    underThreadSanitizer
    ? [(SIGTERM, "TERM")] : [(SIGINT, "INT"), (SIGTERM, "TERM"), (SIGHUP, "HUP")]

  static var signalCases: [Case] {
    blockers.flatMap { blocker in
      signals.map { (number, name) in
        Case(
          name: "SIG\(name) during \(blocker.name)",
          script: """
            set -m
            \(blocker.setup)
            \(blocker.command.replacingOccurrences(of: "$B ", with: "env --default-signal $B ")) & pid=$!
            sleep 1.5; child=$(pgrep -P $pid)
            # CPU in ms: the tool's so far (/proc), the reaped children's (the shell's own times).
            used() { awk -v hz=$(getconf CLK_TCK) '{ print int(($14 + $15) * 1000 / hz) }' /proc/$1/stat; }
            reaped() { awk 'NR == 2 { gsub(/[ms]/, " "); print int(($1 * 60 + $2 + $3 * 60 + $4) * 1000) }' $1; }
            times > t0; cpu=$(used $pid); start=$(date +%s%N); kill -\(name) $pid
            wait $pid; code=$?; end=$(date +%s%N); times > t1
            echo exit=$code; cpu=$(( $(reaped t1) - $(reaped t0) - cpu )); rm t0 t1
            ms=$(( (end - start) / 1000000 )); [ $ms -lt \(Int(5000 * exitTimeAllowance)) ] && echo promptly || echo "gone after $ms ms"
            [ $cpu -lt \(Int(300 * exitTimeAllowance)) ] && echo stopped-working || echo "$cpu ms of CPU after the signal"
            sleep 0.2; [ -n "$child" ] && kill -0 $child 2> /dev/null && echo child-left
            exec 3>&-; rm -rf bin pipe; left
            """,
          facts: ["exit=\(128 + number)", "promptly", "stopped-working", "left: "])
      }
    }
  }

  static let streamsAndLimits: [Case] = [
    Case(
      name: "a crash removes the temporary file and ends by its own signal",
      script: """
        ulimit -c 0; set -m
        env --default-signal $B export -o ring.apng --scale 4 --loops 40 --quiet 2> err & pid=$!
        sleep 1.5; kill -SEGV $pid; wait $pid; echo exit=$?; grep -c 'failed to suspend' err; left
        """,
      facts: ["exit=139", "0", "left: err "]),
    Case(
      name: "a signal ignored at start stays ignored (a script's background job)",
      script: """
        trap '' INT
        $B export -o ring.gif --duration 1 --quiet & pid=$!
        sleep 0.3; kill -INT $pid; wait $pid; echo exit=$?; left
        """,
      facts: ["exit=0", "left: ring.gif "]),
    Case(
      name: "a closed standard error changes nothing",
      script: """
        $B export -o ring.gif --duration 0.5 2>&-; echo exit=$?
        mknod full c 1 7  # a full device of our own, never the real /dev/full
        $B export -o ring.apng --duration 0.5 2> full; echo exit=$?
        rm full; $B export -o bad.gif --fps 0 2>&-; echo exit=$?; left
        """,
      facts: ["exit=0", "exit=0", "exit=64", "left: ring.apng ring.gif "]),
    Case(
      name: "a reader that leaves early ends the export quietly",
      script: "$B export -o - --quiet | head -c 10 > /dev/null; echo exit=${PIPESTATUS[0]}; left",
      facts: ["exit=0", "left: "]),
    Case(
      name: "a reader that leaves early through /dev/stdout ends the export quietly",
      script: """
        $B export -o /dev/stdout --format gif --quiet | head -c 6 > /dev/null
        echo exit=${PIPESTATUS[0]}; left
        """,
      facts: ["exit=0", "left: "]),
    Case(
      name: "a full disk during an in-place write keeps the old file",
      script: """
        mkdir tiny
        unshare -m bash -c 'mount -t tmpfs -o size=64k none tiny && cd tiny && echo keep > a.gif && \\
          ln a.gif b.gif && dd if=/dev/zero of=fill bs=4k count=100 2> /dev/null; \\
          $B export -o a.gif --duration 1 --fps 10 --quiet 2> ../err; echo exit=$?; cat b.gif; ls -A'
        cat err; rmdir tiny; left
        """,
      facts: [
        "exit=1", "keep", "a.gif", "b.gif", "fill",
        "Error: cannot write 'a.gif': No space left on device",
        "left: err ",
      ]),
    Case(
      name: "an unusable TMPDIR for an in-place write is named",
      script: """
        echo keep > a.png; ln a.png b.png
        TMPDIR=/nonexistent $B render -o a.png 2> err; echo exit=$?; cat a.png err; left
        """,
      facts: [
        "exit=1", "keep",
        "Error: cannot write 'a.png': cannot stage it in the temporary folder '/nonexistent' (TMPDIR): No such file or directory",
        "left: a.png b.png err ",
      ]),
    Case(
      name: "too few open files for frames leaves no folder",
      script: """
        (ulimit -n 5; $B export --format frames -o fr --duration 0.5 --fps 10 --quiet 2> err; echo exit=$?)
        cat err; left
        """,
      facts: [
        "exit=1", "Error: cannot write 'fr/frame_00000.png': Too many open files", "left: err ",
      ]),
    Case(
      name: "too few open files is one error line",
      script: """
        (ulimit -n 6; $B export -o ring.mp4 --quiet 2> err; echo exit=$?); wc -l < err; left
        """,
      facts: ["exit=1", "1", "left: err "]),
    Case(
      name: "a thread that cannot be created is an error, not a hang",
      script: """
        chmod 777 .
        # A copy nobody can run, wherever the checkout is (a private folder, say).
        mkdir bin && cp "$B" bin/rainbow-ring && chmod 755 bin bin/rainbow-ring
        nobody prlimit --nproc=1 bin/rainbow-ring export -o ring.gif --quiet 2> err
        echo exit=$?; cat err; left
        """,
      facts: [
        "exit=1", "Error: cannot start a thread: Resource temporarily unavailable",
        "left: bin err ",
      ]),
  ]

  /// ThreadSanitizer's runtime itself dies of SIGBUS under `ulimit -f`: this case runs in
  /// the plain and AddressSanitizer suites.
  static var fileSizeLimit: [Case] {
    if underThreadSanitizer { return [] }
    return [
      Case(
        name: "a file-size limit is an error, not a kill (SIGXFSZ ignored)",
        script: """
          (ulimit -f 100; env --default-signal=XFSZ $B export -o big.gif --quiet 2> err; echo exit=$?); cat err; left
          """,
        facts: ["exit=1", "Error: cannot write 'big.gif': File too large", "left: err "])
    ]
  }

  /// A sanitizer reserves terabytes of shadow address space, so a sanitized binary cannot
  /// start under `ulimit -v` at all: this case runs in the plain suite only.
  static var addressSpace: [Case] {
    if ProcessInfo.processInfo.environment["SANITIZED_BUILD"] != nil { return [] }
    return [
      Case(
        name: "a limited address space is one error line",
        script: """
          (ulimit -v 400000; $B render -o big.png --size 8000 2> err; echo exit=$?); cat err; left
          """,
        facts: [
          "exit=1",
          "Error: not enough memory for a 8000x8000 frame: it needs about 1041 MiB (is the address space limited, ulimit -v?)",
          "left: err ",
        ])
    ]
  }

  /// ffmpeg is trusted for nothing: stand-ins first in PATH that exit 0 having failed.
  static let lyingFFmpegs: [(script: String, error: String)] = [
    ("cat > /dev/null; exit 0", "ffmpeg ended without finishing the file"),
    (
      "cat > /dev/null; echo 'av_interleaved_write_frame(): No space left on device' >&2; exit 0",
      "ffmpeg failed: av_interleaved_write_frame(): No space left on device"
    ),
    (
      "cat > /dev/null; printf 'frame=3\\nprogress=end\\n'; exit 0",
      "ffmpeg encoded 3 frames of 438, so the file is incomplete"
    ),
    ("cat > /dev/null; printf 'frame=438\\nprogress=end\\n'; exit 0", "ffmpeg left an empty file"),
    (
      """
      cat > /dev/null; eval out=\\${$#}
      /usr/bin/ffmpeg -v error -f lavfi -i color=red:s=16x16:r=60 -frames:v 6 -f webm -y "$out"
      printf 'frame=438\\nprogress=end\\n'; exit 0
      """,
      "ffmpeg wrote 0.100 s of 7.300 s, so the file is incomplete"
    ),
  ]

  static var ffmpegCases: [Case] {
    lyingFFmpegs.map { fake in
      Case(
        name: "an ffmpeg that exits 0 but: \(fake.error)",
        script: """
          mkdir bin; cat > bin/ffmpeg <<'FAKE'
          #!/bin/sh
          \(fake.script)
          FAKE
          chmod +x bin/ffmpeg
          echo keep > ring.webm
          PATH=$PWD/bin:$PATH $B export -o ring.webm --quiet 2> err; echo exit=$?; cat ring.webm err
          rm -r bin; left
          """,
        facts: [
          "exit=1", "keep", "Error: cannot write 'ring.webm': \(fake.error)",
          "left: err ring.webm ",
        ])
    } + [
      Case(
        name: "a full disk keeps the old file and names the user's path",
        script: """
          mkdir tiny
          unshare -m bash -c 'mount -t tmpfs -o size=64k none tiny && echo keep > tiny/ring.mp4 && \
            $B export -o tiny/ring.mp4 --quiet 2> err; echo exit=$?; cat tiny/ring.mp4; ls -A tiny'
          grep -c "cannot write 'tiny/ring.mp4': ffmpeg failed: .*No space left on device" err
          grep -c '\\.tmp' err; rmdir tiny; left
          """,
        facts: ["exit=1", "keep", "ring.mp4", "1", "0", "left: err "]),
      Case(
        name: "a failing ffprobe fails the check instead of skipping it",
        script: """
          mkdir bin; printf '#!/bin/sh\\necho boom >&2; exit 1\\n' > bin/ffprobe; chmod +x bin/ffprobe
          echo keep > ring.mp4
          PATH=$PWD/bin:$PATH $B export -o ring.mp4 --duration 0.3 --quiet 2> err; echo exit=$?
          cat ring.mp4 err; rm -r bin; left
          """,
        facts: [
          "exit=1", "keep",
          "Error: cannot write 'ring.mp4': ffprobe could not read back what ffmpeg wrote (exit status 1): boom",
          "left: err ring.mp4 ",
        ]),
      Case(
        name: "a signal while ffprobe checks the file replaces nothing",
        script: """
          set -m; mkdir bin; printf '#!/bin/sh\\nexec sleep 1002\\n' > bin/ffprobe; chmod +x bin/ffprobe
          PATH=$PWD/bin:$PATH env --default-signal $B export -o ring.mp4 --duration 0.3 --quiet & pid=$!
          sleep 2.5; kill -TERM $pid; wait $pid; echo exit=$?; rm -r bin; left
          """,
        facts: ["exit=143", "left: "]),
      Case(
        name: "a temporary file swapped for a link while ffmpeg starts writes no victim",
        script: """
          mkdir bin; cat > bin/ffmpeg <<'FAKE'
          #!/bin/bash
          # What another user who may write the folder could do before ffmpeg opens its output.
          for f in .ring.mp4.*.tmp; do mv "$f" "$f.x"; ln -s victim "$f"; done
          cat > /dev/null; echo HIJACKED > "${@: -1}"
          FAKE
          chmod +x bin/ffmpeg; echo PRECIOUS > victim
          PATH=$PWD/bin:$PATH $B export -o ring.mp4 --quiet 2> /dev/null; echo exit=$?
          cat victim; rm -r bin victim .ring.mp4.*.tmp.x; left
          """,
        facts: ["exit=1", "PRECIOUS", "left: "]),
      Case(
        name: "a signal ends ffmpeg's own children too (a wrapper that does not exec)",
        script: """
          set -m; mkdir bin; printf '#!/bin/sh\\nsleep 1001.%s\\n' $$ > bin/ffmpeg; chmod +x bin/ffmpeg
          PATH=$PWD/bin:$PATH env --default-signal $B export -o ring.mp4 --quiet & pid=$!
          sleep 1; kill -TERM $pid; wait $pid; echo exit=$?; sleep 0.2
          # Only this run's sleeper (a leftover of another run must not count); the pattern
          # matches no command line but the sleeper's.
          echo sleepers=$(pgrep -cf "^sleep 1001[.]$$\\$"); rm -r bin; left
          """,
        facts: ["exit=143", "sleepers=0", "left: "]),
      Case(
        name: "ffmpeg is found as the shell finds it",
        script: """
          mkdir -p a/ffmpeg b; echo 'not a program' > b/ffmpeg
          PATH=$PWD/a:$PWD/b:$PATH $B export -o ring.webp --duration 0.1 --quiet; echo exit=$?
          rm -r a b; left
          """,
        facts: ["exit=0", "left: ring.webp "]),
    ]
  }

  /// Under ThreadSanitizer: the signals (ffmpeg's among them), and readers that leave early
  /// (the export's threads see the pipe close); the other faults are met on the main thread
  /// (they run plain and under AddressSanitizer).
  static var faults: [Case] {
    guard underThreadSanitizer else {
      return signalCases + streamsAndLimits + fileSizeLimit + addressSpace + ffmpegCases
    }
    return signalCases + streamsAndLimits.filter { $0.name.contains("reader") }
      + ffmpegCases.filter { $0.name.contains("signal") }
  }

  @Test(arguments: faults)
  func faultsLeaveNothingBehind(_ c: Case) throws {
    let facts = try OutputSafetyTests.run(c.script)
    #expect(facts == c.facts, "\(c.name)")
  }

  @Test func ffmpegIsLocatedLikeTheShellDoes() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let fm = FileManager.default
    for sub in ["dir/ffmpeg", "plain", "real"] {
      try fm.createDirectory(atPath: dir + "/" + sub, withIntermediateDirectories: true)
    }
    try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/plain/ffmpeg"))
    try writeExecutableScript("", to: dir + "/real/ffmpeg")
    let found = FFmpegEncoder.locate(path: "\(dir)/dir:\(dir)/plain:\(dir)/real")
    #expect(
      found == dir + "/real/ffmpeg",
      "a directory and a non-executable are skipped: \(found ?? "none")")
  }

  /// The WebP check reads ffmpeg's frame durations itself: a real WebP of 10 frames of
  /// 0.1 s sums to exactly 1 s, and anything else is not an animated WebP.
  @Test func webpDurationsAreReadFromTheFile() throws {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let result = try runProcess(
      try rainbowRingBinary(),
      ["export", "-o", dir + "/r.webp", "--duration", "1", "--fps", "10", "--quiet"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(WebPFrames.totalDuration(ofFile: dir + "/r.webp") == 1.0, "ten frames of 100 ms")
    #expect(WebPFrames.totalDuration(of: Array("RIFF\0\0\0\0WEBPVP8L".utf8)) == nil, "no frames")
  }
}
