/* machine/operator/page.c - the operator page, page.html beside this file, as one string: the
 * Makefile turns each line of it into a C string literal ($(BUILD)/machine/operator/page.inc),
 * so that the page is edited as HTML and served from the binary, with no file to install. */
#include "machine/operator/op_int.h"

const char op_page_html[] =
#include "page.inc"
    ;
