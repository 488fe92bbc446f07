build-x/printing/print.o: printing/print.c printing/teach_int.h \
 printing/pr_int.h printing/printing.h dealer/run/run.h \
 dealer/lang/lang.h dealer/deal/deal.h dealer/base/base.h \
 dealer/event/event.h pbn/pbn.h
printing/teach_int.h:
printing/pr_int.h:
printing/printing.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
pbn/pbn.h:
