import Foundation

/// A least-recently-used cache of encoded answers by ETag, bounded by the bytes it holds (0: off).
/// Hits, misses, evictions and the bytes held are reported to the service's metrics.
final class AnswerCache: @unchecked Sendable {
    /// One encoded answer.
    struct Answer: Sendable {
        let bytes: [UInt8]
        let contentType: String
        /// The `ETag`.
        let tag: String
        /// The image's size in pixels (raw RGBA answers say it in headers).
        let width: Int
        let height: Int
        /// When it was made (a cached answer's `Age`).
        let made: ContinuousClock.Instant
    }

    private struct Entry {
        var answer: Answer
        var older: String?
        var newer: String?
    }

    let limit: Int
    private let metrics: ServerMetrics
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var newest: String?
    private var oldest: String?
    private var held = 0

    init(limit: Int, metrics: ServerMetrics) {
        self.limit = max(0, limit)
        self.metrics = metrics
    }

    var isEnabled: Bool { limit > 0 }

    /// The answer stored under `tag`, made the most recent; counts a hit or a miss.
    func answer(for tag: String) -> Answer? {
        guard isEnabled else { return nil }
        let found: Answer? = lock.withLock {
            guard let entry = entries[tag] else { return nil }
            unlink(tag)
            link(tag, entry.answer)
            return entry.answer
        }
        (found == nil ? metrics.answerCacheMisses : metrics.answerCacheHits).increment()
        return found
    }

    /// Stores an answer (one larger than the whole limit is not stored), evicting the least recent ones.
    func store(_ answer: Answer, for tag: String) {
        guard isEnabled, answer.bytes.count <= limit else { return }
        var evicted = 0
        let total: Int = lock.withLock {
            if entries[tag] != nil { unlink(tag) }
            link(tag, answer)
            while held > limit, let victim = oldest, victim != tag {
                unlink(victim)
                evicted += 1
            }
            return held
        }
        if evicted > 0 { metrics.answerCacheEvictions.increment(by: Int64(evicted)) }
        metrics.answerCacheBytes.set(Double(total))
    }

    /// Inserts as the newest entry (lock held).
    private func link(_ tag: String, _ answer: Answer) {
        entries[tag] = Entry(answer: answer, older: newest, newer: nil)
        if let n = newest { entries[n]?.newer = tag }
        newest = tag
        if oldest == nil { oldest = tag }
        held += answer.bytes.count
    }

    /// Removes an entry (lock held).
    private func unlink(_ tag: String) {
        guard let entry = entries.removeValue(forKey: tag) else { return }
        if let o = entry.older { entries[o]?.newer = entry.newer } else { oldest = entry.newer }
        if let n = entry.newer { entries[n]?.older = entry.older } else { newest = entry.older }
        held -= entry.answer.bytes.count
    }
}
