/* dealer/base/magic.c - what a file is when it is no text predup reads: a PDF, an image, an
 * archive or a program, told by its first bytes, so that an input given by mistake (the PDFs
 * beside the sets, given with them to verify) is named as what it is. */
#include <string.h>

#include "dealer/base/base.h"

const char *pd_binary_kind(const char *text, size_t len)
{
    static const struct {
        const char *magic;
        size_t n;
        const char *kind;
    } kinds[] = {
        {"%PDF-", 5, "a PDF"},
        {"\x89PNG\r\n\x1a\n", 8, "a PNG image"},
        {"\xff\xd8\xff", 3, "a JPEG image"},
        {"GIF8", 4, "a GIF image"},
        {"PK\x03\x04", 4, "a ZIP archive (or an office document)"},
        {"\x1f\x8b", 2, "a gzip file"},
        {"\x7f" "ELF", 4, "a program"},
        {"\xd0\xcf\x11\xe0", 4, "an office document"},
    };

    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (len >= kinds[i].n && memcmp(text, kinds[i].magic, kinds[i].n) == 0)
            return kinds[i].kind;
    return NULL;
}
