/* printing/hpdf_lib.h - libharu's entry points that printing/ calls, loaded on first use rather
 * than linked (HACKING.md "Libraries loaded on first use"): libharu, with the libpng it brings,
 * costs every start of predup, and only the commands that make a PDF use it. Each entry point
 * is a field of pr_hpdf of the header's own type, named as the function without HPDF_ (call
 * pr_hpdf.Page_Stroke(page) for HPDF_Page_Stroke(page)); a new one is a new X(...) below.
 * pdoc_open (pdfdoc.c) loads it, and FreeType, before its first call, so every call follows it.
 * The soname and the Debian package come from hpdf_version.h ("libhpdf-2.3.0.so"). */
#ifndef PREDUP_HPDF_LIB_H
#define PREDUP_HPDF_LIB_H

/* libharu through its public API only: with HPDF_SHARED, hpdf.h declares every handle as an
 * opaque pointer, so reaching into a libharu structure does not compile. */
#define HPDF_SHARED
#include <hpdf.h>

#define PR_HPDF_ENTRY_POINTS(X)                                                                  \
    X(New) X(Free) X(SetCompressionMode) X(UseUTFEncodings) X(LoadTTFontFromFile) X(GetFont)    \
    X(AddPage) X(SaveToStream) X(GetStreamSize) X(ReadFromStream) X(Page_SetSize)               \
    X(Page_GetWidth) X(Page_GetHeight) X(Page_SetFontAndSize) X(Page_SetRGBFill)                \
    X(Page_GetRGBFill) X(Page_SetRGBStroke) X(Page_SetGrayStroke) X(Page_SetLineWidth)          \
    X(Page_SetDash) X(Page_MoveTo) X(Page_LineTo) X(Page_Rectangle) X(Page_Stroke)              \
    X(Page_Fill) X(Page_GSave) X(Page_GRestore) X(Page_Concat) X(Page_BeginText)                \
    X(Page_EndText) X(Page_MoveTextPos) X(Page_ShowText) X(Page_TextWidth)                      \
    X(Page_MeasureText) X(Page_SetHorizontalScalling)
#define PR_HPDF_FIELD(f) __typeof__(HPDF_##f) *f;
extern struct pr_hpdf {
    PR_HPDF_ENTRY_POINTS(PR_HPDF_FIELD)
} pr_hpdf;

#endif
