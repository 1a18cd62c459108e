import CFriBidi

/// UAX #9 for one paragraph through FriBidi: an embedding level per character, the paragraph direction from
/// the first strong character, and which characters rule L1 resets at a line's end.
struct BidiParagraph {
    var levels: [UInt8]
    var resetsAtLineEnd: [Bool]
    var isRightToLeft: Bool

    init(_ text: [UInt32]) {
        var levels = [FriBidiLevel](repeating: 0, count: text.count)
        var trailing = [UInt8](repeating: 0, count: text.count)
        let result = text.withUnsafeBufferPointer { chars in
            lamina_bidi_paragraph(chars.baseAddress, Int32(chars.count), &levels, &trailing)
        }
        if result < 0 {
            self.levels = [UInt8](repeating: 0, count: text.count)
            self.isRightToLeft = false
        } else {
            self.levels = levels.map { UInt8(clamping: $0) }
            self.isRightToLeft = result == 1
        }
        self.resetsAtLineEnd = trailing.map { $0 != 0 }
    }

    /// The paragraph's own level (0 or 1).
    var baseLevel: UInt8 { isRightToLeft ? 1 : 0 }
}
