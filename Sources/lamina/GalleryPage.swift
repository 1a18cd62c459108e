import Foundation
import Lamina
import LaminaExamples

/// The gallery's contact sheet: one card per example with its title, description, image and render time.
struct GalleryPage {
    struct Row {
        var entry: ExampleEntry
        var image: String
        var width: Double
        var height: Double
        var milliseconds: Double
    }

    var rows: [Row]
    var backend: String

    var html: String {
        var cards = ""
        for r in rows {
            let figures = r.entry.figures.isEmpty ? "" : " · Figure " + r.entry.figures.joined(separator: ", ")
            cards += """
            <figure>
              <img src="\(escape(r.image))" width="\(Int(r.width))" height="\(Int(r.height))" alt="\(escape(r.entry.title))">
              <figcaption><strong>\(escape(r.entry.title))</strong><br>\(escape(r.entry.description))
              <br><small>\(escape(r.entry.file))\(escape(figures)) · \(String(format: "%.1f", r.milliseconds)) ms on \(backend)</small></figcaption>
            </figure>

            """
        }
        return """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Lamina — Chapter 4, Visual Effects</title>
        <style>
        body { font: 15px/1.4 system-ui, sans-serif; margin: 2em; background: #fafafa; color: #222; }
        figure { display: inline-block; vertical-align: top; margin: 0 1.5em 2em 0; max-width: 100%; }
        img { max-width: 100%; height: auto; border: 1px solid #ddd; background: #fff; }
        figcaption { max-width: 34em; margin-top: .4em; }
        small { color: #666; }
        </style></head><body>
        <h1>Chapter 4 — Visual Effects, rendered by Lamina</h1>
        <p>\(rows.count) example scenes from <code>Examples/</code>, rendered on the \(backend) backend.</p>
        \(cards)</body></html>

        """
    }

    func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

