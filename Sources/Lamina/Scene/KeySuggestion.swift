/// Finds the known name closest to a misspelled one (for "did you mean" hints).
enum KeySuggestion {
    /// The candidate with the smallest edit distance to `word` (ignoring case), ties broken by list order.
    static func nearest(to word: String, in candidates: [String]) -> String? {
        let w = Array(word.lowercased().unicodeScalars)
        var best: (String, Int)?
        for c in candidates {
            let d = distance(w, Array(c.lowercased().unicodeScalars))
            if best == nil || d < best!.1 { best = (c, d) }
        }
        return best?.0
    }

    /// Levenshtein distance (insert, delete, substitute each cost 1).
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &row)
        }
        return previous[b.count]
    }

    /// The nearest candidate when it is close: at most half of the word's characters differ.
    static func close(to word: String, in candidates: [String]) -> String? {
        guard let near = nearest(to: word, in: candidates) else { return nil }
        let d = distance(Array(word.lowercased().unicodeScalars), Array(near.lowercased().unicodeScalars))
        return d * 2 <= max(word.count, 2) ? near : nil
    }

    /// `unknown key "x"; did you mean "y"?` (or a list when nothing is close).
    static func unknownKeyMessage(_ key: String, known: [String]) -> String {
        let shown = MessageText.quoted(key)
        guard let near = nearest(to: String(key.prefix(64)), in: known) else { return "unknown key \(shown)" }
        return "unknown key \(shown); did you mean \"\(near)\"?"
    }
}
