import Foundation
import Lamina
import Testing

/// Input latency through a real compositor: `lamina show --interactive --stats` in a headless sway, a card
/// dragged with wlroots' virtual pointer (events stamped on the monotonic clock, as libinput stamps a real
/// mouse's), the program stopped with SIGINT so that it prints its statistics. Every frame that answers a
/// motion must be the first frame the display took after the event; the times are printed, not asserted
/// (they are measurements of this machine: see docs/benchmarks.md).
@Suite("Input latency (headless sway)", .serialized, .timeLimit(.minutes(2)),
       .enabled(if: HeadlessSway.installed && HeadlessSway.grimInstalled, "sway or grim is not installed: skipped"))
struct InputLatencyTests {
    /// The numbers of the `frames answering input: N, M in the first frame …` line of `--stats`.
    static func answering(_ stats: String) -> (frames: Int, first: Int)? {
        guard let line = stats.split(separator: "\n").first(where: { $0.hasPrefix("frames answering input: ") }) else { return nil }
        let numbers = line.dropFirst("frames answering input: ".count).split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        return numbers.count >= 2 ? (numbers[0], numbers[1]) : nil
    }

    @Test("a drag is drawn in the first frame after each event, and SIGINT ends show with its statistics")
    func dragAnsweredInTheNextFrame() throws {
        let sway = try HeadlessSway(width: 640, height: 480)
        defer { sway.stop() }
        let file = sway.runtimeDirectory.appending(path: "drag.json")
        try Data(InputTests.draggable.utf8).write(to: file)
        let (show, input) = try InputTests.showHoveredCard(sway, file: file, extra: ["--stats"])
        defer { show.stop() }
        let card = InputTests.cardColor
        try input.button(0x110, pressed: true)
        for k in 1...120 {
            try input.move(to: UInt32(101 + 2 * k), UInt32(80 + k))
            usleep(8_000)
        }
        try input.button(0x110, pressed: false)
        // The card, grabbed 61, 40 into it, follows the pointer to (341, 200): it now spans 280…400 × 160…240.
        let moved = try InputTests.screen(sway) { InputTests.near($0[300, 230], card) }
        #expect(InputTests.near(moved[300, 230], card), "the dragged card on screen: \(moved[300, 230])")
        kill(show.process.processIdentifier, SIGINT)
        let status = show.waitForExit(seconds: 10)
        #expect(status == 0, "show must end in order on SIGINT: \(show.errorText)")
        let stats = show.outputText
        print("lamina show --stats under sway, 120 drag motions 8 ms apart:\n\(stats)")
        let answered = try #require(Self.answering(stats), "no input line in --stats: \(stats) \(show.errorText)")
        #expect(answered.frames >= 5, "the drag must have been drawn in many frames: \(stats)")
        #expect(answered.first == answered.frames, "every frame answering input must be the first after its event: \(stats)")
        #expect(stats.contains("compositor's event → frame handed over"), "the virtual pointer's monotonic stamps: \(stats)")
        #expect(!show.errorText.contains("closed the window"), "\(show.errorText)")
    }
}
