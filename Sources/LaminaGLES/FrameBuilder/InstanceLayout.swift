/// Where an instanced draw's values sit in its per-instance parameters: up to 12 vec4 slots, which
/// instanced.vert hands to the fragment shader as `v_p[0…]`. There is one layout per kind of instanced
/// draw, and it is the only place a slot number is written: Swift fills the slots by field name
/// (`InstanceParameters`), and the shaders read the same fields through the names `defines` gives them
/// when a program is built (`#define P_FILL_RECT v_p[4]`). A clip shape's four slots follow the kind's own.
struct InstanceLayout: Sendable, Hashable {
    /// One named value: `count` floats from component `first` of vec4 slot `slot`.
    struct Field: Sendable, Hashable {
        let name: String
        let slot: Int
        let first: Int
        let count: Int

        /// The GLSL expression that reads it, e.g. `v_p[8].x`.
        var glsl: String {
            "v_p[\(slot)]" + (count == 4 ? "" : "." + String("xyzw".dropFirst(first).prefix(count)))
        }
    }

    let name: String
    let fields: [Field]
    /// Vec4 slots of the kind's own fields; a clip shape's fields start at this slot.
    let slots: Int

    /// Vec4 slots every instance carries (instanced.vert's a_p0 … a_p11).
    static let maximumSlots = 12

    /// `fields`: name, slot and components ("xyzw", "xyz", "w", …) of each value, in any order.
    init(_ name: String, _ fields: [(String, Int, String)], at base: Int = 0) {
        self.name = name
        self.fields = fields.map { f in
            let first = "xyzw".firstIndex(of: f.2.first!).map { "xyzw".distance(from: "xyzw".startIndex, to: $0) } ?? 0
            return Field(name: f.0, slot: base + f.1, first: first, count: f.2.count)
        }
        slots = (fields.map(\.1).max() ?? -1) + 1
        precondition(base + slots <= InstanceLayout.maximumSlots, "layout \(name) needs more than \(InstanceLayout.maximumSlots) slots")
    }

    /// The field called `name`; a name the layout does not have is a programming error.
    func field(_ name: String) -> Field {
        guard let f = fields.first(where: { $0.name == name }) else { preconditionFailure("instance layout \(self.name) has no field \(name)") }
        return f
    }

    /// The `#define`s of a program drawing this kind: each field's `P_` name, the slot count
    /// (`LAMINA_PARAMS`), and with `clipped` the clip shape's fields after the kind's own.
    func defines(clipped: Bool) -> [String] {
        var all = fields
        if clipped { all += InstanceLayout.clipShape(at: slots).fields }
        return all.map { "P_\($0.name)=\($0.glsl)" } + ["LAMINA_PARAMS=\(slots + (clipped ? InstanceLayout.clipSlots : 0))"]
    }

    /// Slots of one clip shape.
    static let clipSlots = 4

    /// A clip shape: its pixel → local transform's rows, mean scale, continuous-corner flag, rect and radii.
    static func clipShape(at base: Int) -> InstanceLayout {
        InstanceLayout("clip shape", [("CLIP_ROW0", 0, "xyz"), ("CLIP_SCALE", 0, "w"), ("CLIP_ROW1", 1, "xyz"),
                                      ("CLIP_CURVE", 1, "w"), ("CLIP_RECT", 2, "xyzw"), ("CLIP_RADII", 3, "xyzw")], at: base)
    }

    /// The pixel → local transform of a kind's own shape: its rows and mean scale, in slots 0 and 1.
    private static let transform: [(String, Int, String)] = [("INVERSE_ROW0", 0, "xyz"), ("SCALE", 0, "w"), ("INVERSE_ROW1", 1, "xyz")]

    /// A rounded-rect fill (shape.frag).
    static let fill = InstanceLayout("fill", transform + [("OUTER_RECT", 2, "xyzw"), ("OUTER_RADII", 3, "xyzw"), ("COLOR", 4, "xyzw")])
    /// A border (shape.frag with LAMINA_BORDER).
    static let border = InstanceLayout("border", transform + [("OUTER_RECT", 2, "xyzw"), ("OUTER_RADII", 3, "xyzw"),
                                                              ("INNER_RECT", 4, "xyzw"), ("INNER_RADII", 5, "xyzw"), ("COLOR", 6, "xyzw")])
    /// A closed-form shadow read from its table (shadow.frag with LAMINA_SHADOW_TABLE).
    static let tableShadow = InstanceLayout("table shadow", transform + [("TABLE_MAP", 2, "xyzw"), ("COLOR", 3, "xyzw")])
    /// A table shadow and the fill after it (LAMINA_SHADOW_FILL).
    static let shadowFill = InstanceLayout("shadow and fill", transform + [("TABLE_MAP", 2, "xyzw"), ("COLOR", 3, "xyzw"),
                                                                           ("FILL_RECT", 4, "xyzw"), ("FILL_RADII", 5, "xyzw"),
                                                                           ("FILL_COLOR", 6, "xyzw")])
    /// A table shadow, its fill and the border after it (LAMINA_SHADOW_BORDER).
    static let shadowFillBorder = InstanceLayout("shadow, fill and border", transform + [
        ("TABLE_MAP", 2, "xyzw"), ("COLOR", 3, "xyzw"), ("FILL_RECT", 4, "xyzw"), ("FILL_RADII", 5, "xyzw"),
        ("FILL_COLOR", 6, "xyzw"), ("BORDER_WIDTH", 7, "x"), ("BORDER_COLOR", 8, "xyzw")])
    /// An image or offscreen composite (image.frag).
    static let image = InstanceLayout("image", transform + [("LOD", 1, "w"), ("DESTINATION", 2, "xyzw"), ("SOURCE_RECT", 3, "xyzw"),
                                                            ("SOURCE_CLAMP", 4, "xyzw"), ("OPACITY", 5, "x")])
    /// A card: shadow, fill, image and border of one layer, or an opacity group of one card (card.frag).
    static let card = InstanceLayout("card", transform + [
        ("GROUP_OPACITY", 1, "w"), ("TABLE_MAP", 2, "xyzw"), ("SHADOW_COLOR", 3, "xyzw"), ("FILL_RECT", 4, "xyzw"),
        ("FILL_RADII", 5, "xyzw"), ("FILL_COLOR", 6, "xyzw"), ("BORDER_COLOR", 7, "xyzw"), ("BORDER_WIDTH", 8, "x"),
        ("IMAGE_OPACITY", 8, "y"), ("IN_GROUP", 8, "z"), ("IMAGE_DESTINATION", 9, "xyzw"), ("IMAGE_SOURCE", 10, "xyzw"),
        ("GROUP_OFFSET", 11, "xy"), ("IMAGE_TRANSLATION", 11, "zw")])
}
