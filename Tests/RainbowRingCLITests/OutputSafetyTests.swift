import Foundation
import RingTestSupport
import Testing

/// How files are written (README, "How files are written"), tried with the real binary on
/// real special files made in a scratch folder: a device node from mknod, a FIFO, symlinks,
/// hard links, another user through setpriv, a full tmpfs in a private mount namespace.
/// Each case is a bash script run in an empty folder; it prints facts, compared exactly.
@Suite struct OutputSafetyTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let script: String
    let facts: [String]
    var testDescription: String { name }
  }

  /// Shell helpers the cases use: `png F` says whether F starts with the PNG signature,
  /// `info F` its type, mode, owner and link count, `left` what the folder holds (hidden
  /// files included, so a temporary file left behind shows).
  static let preamble = """
    png() { if [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \\n')" = 89504e470d0a1a0a ]; then echo "$1 png"; else echo "$1 not-png"; fi; }
    info() { stat -c '%n %F %a %U:%G links=%h' "$@"; }
    left() { echo "left: $(ls -A "${1:-.}" | sort | tr '\\n' ' ')"; }
    nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }

    """

  static let files: [Case] = [
    Case(
      name: "a new file gets 0666 less the umask",
      script: "umask 027; $B render -o new.png; echo exit=$?; info new.png; png new.png; left",
      facts: [
        "exit=0", "new.png regular file 640 root:root links=1", "new.png png", "left: new.png ",
      ]),
    Case(
      name: "a replaced file keeps its mode, owner and group",
      script: """
        echo old > f.png; chmod 600 f.png; chown nobody:nogroup f.png
        $B render -o f.png; echo exit=$?; info f.png; png f.png; left
        """,
      facts: [
        "exit=0", "f.png regular file 600 nobody:nogroup links=1", "f.png png", "left: f.png ",
      ]),
    Case(
      name: "a symlink is followed and stays a link",
      script: """
        echo old > target.png; ln -s target.png link.png
        $B render -o link.png; echo exit=$?; info link.png; png target.png; left
        """,
      facts: [
        "exit=0", "link.png symbolic link 777 root:root links=1", "target.png png",
        "left: link.png target.png ",
      ]),
    Case(
      name: "a dangling symlink's target is created",
      script: """
        mkdir sub; ln -s sub/made.png link.png
        $B render -o link.png; echo exit=$?; png sub/made.png; info link.png; left sub
        """,
      facts: [
        "exit=0", "sub/made.png png", "link.png symbolic link 777 root:root links=1",
        "left: made.png ",
      ]),
    Case(
      name: "a hard-linked file is written in place",
      script: """
        echo old > a.png; ln a.png b.png
        $B render -o a.png; echo exit=$?; png b.png; info a.png; left
        """,
      facts: [
        "exit=0", "b.png png", "a.png regular file 644 root:root links=2", "left: a.png b.png ",
      ],
    ),
    Case(
      name: "a FIFO is written through",
      script: """
        mkfifo pipe.png; cat pipe.png > got & reader=$!
        $B render -o pipe.png; echo exit=$?; wait $reader; info pipe.png; png got; left
        """,
      facts: [
        "exit=0", "pipe.png fifo 644 root:root links=1", "got png", "left: got pipe.png ",
      ]),
    Case(
      name: "a character device is written through, never replaced",
      script: """
        mknod null c 1 3
        $B render -o null; echo exit=$?; info null; left
        """,
      facts: ["exit=0", "null character special file 644 root:root links=1", "left: null "]),
    Case(
      name: "/dev/stdout and /dev/fd/N are written through",
      script: """
        $B render -o /dev/stdout > out.png; echo exit=$?; png out.png
        echo old > fd.png; ln fd.png fd-link.png
        $B render -o /dev/fd/3 3> fd.png; echo exit=$?; png fd-link.png
        echo kept > log; $B render -o /dev/stdout >> log; head -1 log; left
        """,
      facts: [
        "exit=0", "out.png png", "exit=0", "fd-link.png png", "kept",
        "left: fd-link.png fd.png log out.png ",
      ]
    ),
    Case(
      name: "a process substitution is written through",
      script: """
        $B render -o >(cat > sub.png); echo exit=$?; sleep 0.5; png sub.png; left
        """,
      facts: ["exit=0", "sub.png png", "left: sub.png "]),
    Case(
      name: "a file the user may not write is refused",
      script: """
        chmod 777 .; echo keep > f.png; chmod 444 f.png
        nobody $B render -o f.png 2> err; echo exit=$?; cat f.png err; left
        """,
      facts: [
        "exit=1", "keep", "Error: cannot write 'f.png': Permission denied", "left: err f.png ",
      ]),
    Case(
      name: "a writable file in a read-only folder is written in place",
      script: """
        mkdir ro; echo old > ro/f.png; chmod 666 ro/f.png; chmod 555 ro
        nobody $B render -o ro/f.png; echo exit=$?; info ro/f.png; png ro/f.png; left ro
        """,
      facts: [
        "exit=0", "ro/f.png regular file 666 root:root links=1", "ro/f.png png", "left: f.png ",
      ]),
    Case(
      name: "a new file in a folder the user may not write is refused",
      script: """
        mkdir ro; chmod 555 ro
        nobody $B render -o ro/f.png 2> err; echo exit=$?; cat err; left ro
        """,
      facts: ["exit=1", "Error: cannot write 'ro/f.png': Permission denied", "left: "]),
    Case(
      name: "a folder in the way is refused",
      script: "mkdir d; $B render -o d 2> err; echo exit=$?; cat err; left d",
      facts: ["exit=1", "Error: cannot write 'd': it is a directory", "left: "]),
    Case(
      name: "the longest legal file name still works",
      script: """
        name=$(printf 'a%.0s' $(seq 251)).png
        $B render -o $name; echo exit=$?; png $name | cut -c 250-; ls -A | wc -l
        """,
      facts: ["exit=0", "aa.png png", "1"]),
    Case(
      name: "the sprite sheet's map may not be the image",
      script: """
        echo keep > s.json
        $B export --format sprite-sheet -o s.json 2> err; echo exit=$?; cat s.json; head -1 err; left
        """,
      facts: [
        "exit=64", "keep",
        "Error: The sprite sheet's image and its frame map would both be 's.json': name the image with another extension (.png).",
        "left: err s.json ",
      ]),
    Case(
      name: "the sprite sheet's map may not be the image through a symlink",
      script: """
        echo keep > s.json; ln -s s.json s.png
        $B export --format sprite-sheet -o s.png 2> err; echo exit=$?; cat s.json; head -1 err; left
        """,
      facts: [
        "exit=64", "keep",
        "Error: the sprite sheet 's.png' and its frame map 's.json' are the same file",
        "left: err s.json s.png ",
      ]),
    Case(
      name: "a sprite sheet writes its map and HTML snippet beside it, and nothing else",
      script: """
        $B export --format sprite-sheet -o s.png --duration 0.1 --quiet; echo exit=$?
        png s.png; grep -c 'animation: s-x' s.html; left
        """,
      facts: ["exit=0", "s.png png", "1", "left: s.html s.json s.png "]),
    Case(
      name: "the sprite sheet's HTML snippet may not be the image",
      script: """
        echo keep > s.html
        $B export --format sprite-sheet -o s.html 2> err; echo exit=$?; cat s.html; head -1 err; left
        """,
      facts: [
        "exit=64", "keep",
        "Error: The sprite sheet's image and its HTML snippet would both be 's.html': name the image with another extension (.png).",
        "left: err s.html ",
      ]),
    Case(
      name: "the sprite sheet's HTML snippet may not be its map through a symlink",
      script: """
        echo keep > s.json; ln -s s.json s.html
        $B export --format sprite-sheet -o s.png 2> err; echo exit=$?; cat s.json; head -1 err; left
        """,
      facts: [
        "exit=64", "keep",
        "Error: the frame map 's.json' and the HTML snippet 's.html' are the same file",
        "left: err s.html s.json ",
      ]),
  ]

  static let moreFiles: [Case] = [
    Case(
      name: "a file with extended attributes (an ACL) is written in place and keeps them",
      script: """
        echo old > f.png; setfattr -n user.note -v kept f.png
        $B render -o f.png; echo exit=$?; png f.png; getfattr --only-values -n user.note f.png; echo; left
        """,
      facts: ["exit=0", "f.png png", "kept", "left: f.png "]),
    Case(
      name: "a sprite sheet cannot go to a descriptor (its map has no place)",
      script: """
        $B export --format sprite-sheet -o /dev/stdout --duration 0.1 --quiet > out 2> err; echo exit=$?
        head -1 err | cut -c 1-40; wc -c < out; left
        """,
      facts: ["exit=64", "Error: a sprite sheet needs a file to wr", "0", "left: err out "]),
  ]

  /// Found by hostile testing: default ACLs, links planted in shared sticky folders, a
  /// set-group-ID folder, paths that are not UTF-8.
  static let hostileFiles: [Case] = [
    Case(
      name: "new files and folders get a folder's default ACL, as the shell's > and mkdir do",
      script: """
        mkdir d; setfacl -d -m u:nobody:rwx d; setfacl -d -m o::--- d; echo x > d/shell.txt
        $B render --size 40 -o d/new.png; $B export -o d/m.mp4 --duration 0.1 --size 40 --quiet
        $B export --format frames -o d/fr --duration 0.1 --size 40 --quiet
        acl() { getfacl -cpE "$1" | grep -v '^$' | tr '\\n' ' '; echo; }
        acl d/shell.txt
        for f in new.png m.mp4 fr/frame_00000.png; do
          [ "$(acl d/shell.txt)" = "$(acl d/$f)" ] && echo "$f as the shell's"
        done
        mkdir d/shell-dir; [ "$(acl d/shell-dir)" = "$(acl d/fr)" ] && echo "fr as mkdir's"
        rm -r d
        """,
      facts: [
        "user::rw- user:nobody:rwx group::r-x mask::rw- other::--- ", "new.png as the shell's",
        "m.mp4 as the shell's", "fr/frame_00000.png as the shell's", "fr as mkdir's",
      ]),
    Case(
      name: "a link another user planted in a shared sticky folder is not followed",
      script: """
        mkdir sticky; chmod 1777 sticky; echo precious > victim; chmod 600 victim
        nobody ln -s "$PWD/victim" sticky/out.png
        $B render --size 40 -o sticky/out.png 2> err; echo exit=$?; cat victim
        grep -c 'another user made in a shared sticky folder' err
        ln -s "$PWD/victim" sticky/mine.png; $B render --size 40 -o sticky/mine.png; echo exit=$?
        png victim; rm -r sticky victim; left
        """,
      facts: ["exit=1", "precious", "1", "exit=0", "victim png", "left: err "]),
    Case(
      name: "a replaced file keeps its group in a set-group-ID folder",
      script: """
        mkdir sg; chgrp users sg; chmod 2775 sg; echo old > sg/f.png; chgrp root sg/f.png; chmod 640 sg/f.png
        $B render -o sg/f.png; echo exit=$?; info sg/f.png; png sg/f.png; left sg
        """,
      facts: [
        "exit=0", "sg/f.png regular file 640 root:root links=1", "sg/f.png png", "left: f.png ",
      ]),
    Case(
      name: "a path that is not UTF-8 is refused, never changed into another file's name",
      script: """
        echo precious > "$(printf 'x\\357\\277\\275.gif')"
        $B export -o "$(printf 'x\\377.gif')" --duration 0.1 --quiet 2> err; echo exit=$?
        cat x*; grep -c 'is not valid UTF-8' err; rm x*; left
        """,
      facts: ["exit=64", "precious", "1", "left: err "]),
    Case(
      name: "--overwrite keeps a replaced frame's mode and owner, and writes a hard link in place",
      script: """
        mkdir d; echo old > d/frame_00000.png; chmod 600 d/frame_00000.png; chown nobody d/frame_00000.png
        echo linked > outside; ln outside d/frame_00001.png
        $B export --format frames -o d --overwrite --duration 0.1 --size 40 --quiet; echo exit=$?
        info d/frame_00000.png; png outside; rm outside; left d
        """,
      facts: [
        "exit=0", "d/frame_00000.png regular file 600 nobody:root links=1", "outside png",
        "left: frame_00000.png frame_00001.png frame_00002.png frame_00003.png frame_00004.png frame_00005.png ",
      ]),
    Case(
      name: "a folder of frames made in a set-group-ID folder keeps the bit, as mkdir would",
      script: """
        mkdir sg; chgrp users sg; chmod 2775 sg
        $B export --format frames -o sg/f --duration 0.1 --size 40 --quiet; echo exit=$?
        stat -c '%A %G' sg/f; left sg
        """,
      facts: ["exit=0", "drwxr-sr-x users", "left: f "]),
  ]

  static let folders: [Case] = [
    Case(
      name: "--overwrite refuses a frame name held by a link, before any work",
      script: """
        mkdir d; echo keep > d/frame_00000.png; echo secret > outside; ln -s ../outside d/frame_00001.png
        $B export --format frames -o d --duration 0.1 --overwrite --quiet 2> err; echo exit=$?
        cat d/frame_00000.png outside; left d; head -1 err | cut -c 1-41
        """,
      facts: [
        "exit=64", "keep", "secret", "left: frame_00000.png frame_00001.png ",
        "Error: 'd/frame_00001.png' is not a frame",
      ]),
    Case(
      name: "a folder holding files is refused, untouched",
      script: """
        mkdir d d/sub; echo keep > d/mine.txt; echo keep > d/frame_00000.png
        $B export --format frames -o d --duration 0.1 --quiet 2> err; echo exit=$?
        cat d/mine.txt d/frame_00000.png; left d; head -1 err | cut -c 1-41
        """,
      facts: [
        "exit=64", "keep", "keep", "left: frame_00000.png mine.txt sub ",
        "Error: the folder 'd' already holds files",
      ]),
    Case(
      name: "the working folder is refused",
      script: """
        echo keep > mine.txt
        $B export --format frames -o "$PWD" --duration 0.1 --quiet 2> /dev/null; echo exit=$?; left
        """,
      facts: ["exit=64", "left: mine.txt "]),
    Case(
      name: "an empty folder is written into",
      script: """
        mkdir e; chmod 750 e
        $B export --format frames -o e --duration 0.1 --quiet; echo exit=$?
        info e; left e; png e/frame_00005.png
        """,
      facts: [
        "exit=0", "e directory 750 root:root links=2",
        "left: frame_00000.png frame_00001.png frame_00002.png frame_00003.png frame_00004.png frame_00005.png ",
        "e/frame_00005.png png",
      ]),
    Case(
      name: "a missing folder is created whole",
      script: """
        umask 022; $B export --format frames -o new/ --duration 0.04 --quiet; echo exit=$?
        info new; left new; left
        """,
      facts: [
        "exit=0", "new directory 755 root:root links=2", "left: frame_00000.png frame_00001.png ",
        "left: new ",
      ]),
    Case(
      name: "--overwrite replaces only the frames this export names",
      script: """
        mkdir d d/sub; echo keep > d/mine.txt; echo old > d/frame_00000.png; echo keep > d/frame_00009.png
        $B export --format frames -o d --duration 0.04 --overwrite --quiet; echo exit=$?
        png d/frame_00000.png; cat d/mine.txt d/frame_00009.png; left d
        """,
      facts: [
        "exit=0", "d/frame_00000.png png", "keep", "keep",
        "left: frame_00000.png frame_00001.png frame_00009.png mine.txt sub ",
      ]),
    Case(
      name: "two exports racing on one folder: one fails clearly, nothing is lost",
      script: """
        mkdir d
        $B export --format frames -o d --loops 2 --quiet 2> err1 & first=$!
        # Once the first is writing (its checks before writing take their time on a loaded machine).
        for i in $(seq 1200); do [ -n "$(ls -A d)" ] && break; sleep 0.05; done
        $B export --format frames -o d --duration 0.1 --quiet 2> err2; echo second=$?
        wait $first; echo first=$?; cat err2; ls d | wc -l
        """,
      facts: [
        "second=1", "first=0", "Error: cannot write folder 'd': another export is writing to it",
        "876",
      ]),
    Case(
      name: "a temporary file is private, random and beside its target",
      script: """
        $B export -o slow.gif --loops 40 --quiet & pid=$!
        for i in $(seq 1200); do ls -A | grep -q '^\\.slow' && break; sleep 0.05; done
        stat -c '%a %U' .slow.gif.*.tmp; ls -A | grep -c "$pid"
        kill -TERM $pid; wait $pid; echo exit=$?; left
        """,
      facts: ["600 root", "0", "exit=143", "left: "]),
  ]

  @Test(arguments: files + moreFiles + hostileFiles + folders)
  func filesAreWrittenAsDocumented(_ c: Case) throws {
    let facts = try Self.run(c.script)
    #expect(facts == c.facts, "\(c.name)")
  }

  /// Runs `script` with bash in a new scratch folder, `$B` the binary; its output lines.
  static func run(_ script: String, environment extra: [String: String] = [:]) throws -> [String] {
    let dir = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var environment = ProcessInfo.processInfo.environment
    environment["B"] = try rainbowRingBinary()
    environment.merge(extra) { $1 }
    let result = try runProcess(
      "/bin/bash", ["-c", preamble + script], environment: environment, directory: dir)
    return String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}
