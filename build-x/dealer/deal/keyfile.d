build-x/dealer/deal/keyfile.o: dealer/deal/keyfile.c dealer/deal/deal.h \
 dealer/base/base.h
dealer/deal/deal.h:
dealer/base/base.h:
