build-x/printing/pdfdoc.o: printing/pdfdoc.c \
 /usr/include/freetype2/ft2build.h \
 /usr/include/freetype2/freetype/config/ftheader.h \
 /usr/include/freetype2/freetype/freetype.h \
 /usr/include/freetype2/freetype/config/ftconfig.h \
 /usr/include/freetype2/freetype/config/ftoption.h \
 /usr/include/freetype2/freetype/config/ftstdlib.h \
 /usr/include/freetype2/freetype/config/integer-types.h \
 /usr/include/freetype2/freetype/config/public-macros.h \
 /usr/include/freetype2/freetype/config/mac-support.h \
 /usr/include/freetype2/freetype/fttypes.h \
 /usr/include/freetype2/freetype/ftsystem.h \
 /usr/include/freetype2/freetype/ftimage.h \
 /usr/include/freetype2/freetype/fterrors.h \
 /usr/include/freetype2/freetype/ftmoderr.h \
 /usr/include/freetype2/freetype/fterrdef.h printing/pr_int.h \
 printing/printing.h dealer/run/run.h dealer/lang/lang.h \
 dealer/deal/deal.h dealer/base/base.h dealer/event/event.h pbn/pbn.h
/usr/include/freetype2/ft2build.h:
/usr/include/freetype2/freetype/config/ftheader.h:
/usr/include/freetype2/freetype/freetype.h:
/usr/include/freetype2/freetype/config/ftconfig.h:
/usr/include/freetype2/freetype/config/ftoption.h:
/usr/include/freetype2/freetype/config/ftstdlib.h:
/usr/include/freetype2/freetype/config/integer-types.h:
/usr/include/freetype2/freetype/config/public-macros.h:
/usr/include/freetype2/freetype/config/mac-support.h:
/usr/include/freetype2/freetype/fttypes.h:
/usr/include/freetype2/freetype/ftsystem.h:
/usr/include/freetype2/freetype/ftimage.h:
/usr/include/freetype2/freetype/fterrors.h:
/usr/include/freetype2/freetype/ftmoderr.h:
/usr/include/freetype2/freetype/fterrdef.h:
printing/pr_int.h:
printing/printing.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
pbn/pbn.h:
