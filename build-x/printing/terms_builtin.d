build-x/printing/terms_builtin.o: build-x/printing/terms_builtin.c \
 printing/pr_int.h printing/printing.h dealer/run/run.h \
 dealer/lang/lang.h dealer/deal/deal.h dealer/base/base.h \
 dealer/event/event.h pbn/pbn.h
printing/pr_int.h:
printing/printing.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
pbn/pbn.h:
